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
interface ProbeProps {
  id: string | null;
  load: (key: string) => Promise<string>;
  answered?: (key: string) => string | undefined;
}
function Probe({ id, load, answered }: ProbeProps) {
  const { data, loading, retry } = useLatest(id, load, 0, answered);
  renders += 1;
  return (
    <>
      <p>{`${loading ? 'loading' : 'idle'} ${data ?? 'none'}`}</p>
      <button onClick={retry}>Retry</button>
    </>
  );
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

  it('shows an answer already there for the first key from the first render, without loading it; a retry loads', async () => {
    const { calls, load } = deferred();
    renders = 0;
    render(<Probe id="a" load={load} answered={(key) => (key === 'a' ? 'A (first screen)' : undefined)} />);
    expect(screen.getByText('idle A (first screen)')).toBeInTheDocument();
    await started();
    expect(calls).toEqual([]);
    expect(renders).toBe(1);

    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    await started();
    expect(calls.map((c) => c.key)).toEqual(['a']);
    await act(async () => calls[0].resolve('A'));
    expect(screen.getByText('idle A')).toBeInTheDocument();
  });

  it('loads the first key afresh when it comes back later: the answer that was there is for the first render only', async () => {
    const { calls, load } = deferred();
    const answered = (key: string) => (key === 'a' ? 'A (first screen)' : undefined);
    const { rerender } = render(<Probe id="a" load={load} answered={answered} />);
    rerender(<Probe id="b" load={load} answered={answered} />);
    await started();
    rerender(<Probe id="a" load={load} answered={answered} />);
    await started();
    expect(calls.map((c) => c.key)).toEqual(['b', 'a']);
  });
});
