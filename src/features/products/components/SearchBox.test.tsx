import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, stubFetch } from '../../../test/utils';
import type { Suggestions } from '../../../domain/types';
import SearchBox from './SearchBox';

afterEach(() => vi.unstubAllGlobals());

const answer = (word: string): Suggestions => ({
  products: [
    { id: 1, title: `${word} Phone`, thumbnail: '/images/1.svg' },
    { id: 2, title: `${word} Tab`, thumbnail: '/images/2.svg' },
  ],
  categories: [{ value: 'smartphones', label: 'Smartphones' }],
  brands: [{ value: 'Novaphone', label: 'Novaphone' }],
});

function setup(respond: (q: string) => Response | Promise<Response> = (q) => jsonResponse(answer(q))) {
  const fetch = stubFetch({ 'GET /api/products/suggest': ({ url }) => respond(url.searchParams.get('q')!) });
  const onSearch = vi.fn();
  const onPick = vi.fn();
  const view = render(<SearchBox value="" onSearch={onSearch} onPick={onPick} />);
  const box = screen.getByRole('combobox', { name: 'Search products' });
  return { fetch, onSearch, onPick, box, ...view };
}

const suggestCalls = (fetch: ReturnType<typeof stubFetch>) => calls(fetch).filter((c) => c.includes('/suggest'));

describe('SearchBox', () => {
  it('is a combobox that opens a grouped listbox once typing pauses, with one request for the whole word', async () => {
    const { fetch, box } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await userEvent.type(box, 'zen');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(suggestCalls(fetch)).toEqual(['GET /api/products/suggest?q=zen']);
    expect(within(list).getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['zen Phone', 'zen Tab', 'Smartphones', 'Novaphone']);
    expect(within(list).getByRole('group', { name: 'Brands' })).toHaveTextContent('Novaphone');
    expect(screen.getByRole('status')).toHaveTextContent('4 suggestions');
  });

  it('moves through the options with the arrow keys, wrapping, and Enter opens the highlighted one', async () => {
    const { box, onPick, onSearch } = setup();
    await userEvent.type(box, 'zen');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[3].id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(box).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({ kind: 'product', id: 2, label: 'zen Tab', thumbnail: '/images/2.svg' });
    expect(onSearch).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter on a category or brand picks it and empties the box', async () => {
    const { box, onPick } = setup();
    await userEvent.type(box, 'zen');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith({ kind: 'brand', value: 'Novaphone', label: 'Novaphone' });
    expect(box).toHaveValue('');
  });

  it('Enter with nothing highlighted runs the search', async () => {
    const { box, onPick, onSearch } = setup();
    await userEvent.type(box, 'zen');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('zen');
    expect(onPick).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the list; a second Escape empties the box; Down Arrow opens it again', async () => {
    const { box } = setup();
    await userEvent.type(box, 'zen');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('zen');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
  });

  it('a click on a suggestion picks it', async () => {
    const { box, onPick } = setup();
    await userEvent.type(box, 'zen');
    await userEvent.click(await screen.findByRole('option', { name: 'Smartphones' }));
    expect(onPick).toHaveBeenCalledWith({ kind: 'category', value: 'smartphones', label: 'Smartphones' });
  });

  it('never shows the answer to an older text after the answer to a newer one', async () => {
    const late: ((r: Response) => void)[] = [];
    const { box } = setup((q) => (q === 'ze' ? new Promise((resolve) => late.push(resolve)) : jsonResponse(answer(q))));
    await userEvent.type(box, 'ze');
    await waitFor(() => expect(late).toHaveLength(1));
    await userEvent.type(box, 'n');
    expect(await screen.findByRole('option', { name: 'zen Phone' })).toBeInTheDocument();
    late[0](jsonResponse(answer('OLD')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option', { name: 'OLD Phone' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'zen Phone' })).toBeInTheDocument();
  });

  it('says when suggestions are on their way and when they could not be loaded; the search still runs', async () => {
    let fail: ((r: Response) => void) | undefined;
    const { box, onSearch } = setup(() => new Promise((resolve) => (fail = resolve)));
    await userEvent.type(box, 'zen');
    expect(await screen.findByText('Looking for suggestions…')).toBeVisible();
    await waitFor(() => expect(fail).toBeDefined());
    fail!(jsonResponse({ message: 'Server down' }, 500));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Suggestions could not be loaded.'));
    expect(screen.getByRole('status')).toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('zen');
  });

  it('asks nothing for an empty box, and closes when focus leaves', async () => {
    const { fetch, box } = setup();
    await userEvent.type(box, '   ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suggestCalls(fetch)).toEqual([]);
    await userEvent.type(box, 'zen');
    await screen.findByRole('listbox');
    await userEvent.tab();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the search of the URL again when it changes', () => {
    stubFetch({});
    const { rerender } = render(<SearchBox value="zen" onSearch={vi.fn()} onPick={vi.fn()} />);
    expect(screen.getByRole('combobox')).toHaveValue('zen');
    rerender(<SearchBox value="" onSearch={vi.fn()} onPick={vi.fn()} />);
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});
