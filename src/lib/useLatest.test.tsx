// useLatest: loading from the first render, the answer of the latest key only, and no render of
// its own when a load starts that the component already shows as loading.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatest } from './useLatest';

function deferred() {
  const calls: { key: string; resolve: (value: string) => void }[] = [];
  const load = (key: string) => new Promise<string>((resolve) => calls.push({ key, resolve }));
  return { calls, load };
}

/** Lets the effects' zero-delay timers fire, which start the loads. */
const started = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

let renders = 0;
function Probe({ id, load }: { id: string | null; load: (key: string) => Promise<string> }) {
  const { data, loading } = useLatest(id, load);
  renders += 1;
  return <p>{`${loading ? 'loading' : 'idle'} ${data ?? 'none'}`}</p>;
}

describe('useLatest', () => {
  it('says loading from its first render, and renders again only for the answer', async () => {
    const { calls, load } = deferred();
    renders = 0;
    render(<Probe id="a" load={load} />);
    expect(screen.getByText('loading none')).toBeInTheDocument();
    await started();
    expect(calls.map((c) => c.key)).toEqual(['a']);
    expect(renders).toBe(1);

    await act(async () => calls[0].resolve('A'));
    expect(screen.getByText('idle A')).toBeInTheDocument();
    expect(renders).toBe(2);
  });

  it('keeps the last answer while the next key loads, and drops an older answer that comes late', async () => {
    const { calls, load } = deferred();
    const { rerender } = render(<Probe id="a" load={load} />);
    await started();
    await act(async () => calls[0].resolve('A'));
    rerender(<Probe id="b" load={load} />);
    expect(screen.getByText('loading A')).toBeInTheDocument();
    await started();
    rerender(<Probe id="c" load={load} />);
    await started();
    expect(calls.map((c) => c.key)).toEqual(['a', 'b', 'c']);
    await act(async () => calls[2].resolve('C'));
    expect(screen.getByText('idle C')).toBeInTheDocument();
    // b's answer, asked for before c's, arrives after it: c's stays.
    await act(async () => calls[1].resolve('B'));
    expect(screen.getByText('idle C')).toBeInTheDocument();
  });

  it('loads nothing without a key', async () => {
    const { calls, load } = deferred();
    render(<Probe id={null} load={load} />);
    await started();
    expect(screen.getByText('idle none')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
