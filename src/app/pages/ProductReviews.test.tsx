// Verified-purchase reviews on the product page: who may write one, the form, editing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialState as cart } from '../../features/cart/cartSlice';
import { calls, jsonResponse, product, renderWithProviders, sent, session, stubFetch, user } from '../../test/utils';
import type { Product, Review, ReviewEligibility } from '../../domain/types';
import ProductDetailPage from './ProductDetailPage';

afterEach(() => vi.unstubAllGlobals());

/** A shopper's review as the product's public answer has it (no reviewer id), and as its author's answers mark it. */
const shown: Review = { id: 7, reviewerName: 'New User', rating: 4, comment: 'Good phone.', date: '2026-03-04T10:00:00.000Z', verified: true };
const mine: Review = { ...shown, mine: true };
const reviewed = (review: Review, rating: number): Product => ({ ...product(), rating, reviews: [...product().reviews, review] });

function render(eligibility: () => Response, more: Parameters<typeof stubFetch>[0] = {}) {
  const fetch = stubFetch({ 'GET /api/products/1': () => jsonResponse(product()), 'GET /api/products/1/reviews/eligibility': eligibility, ...more });
  const view = renderWithProviders(<ProductDetailPage />, {
    route: '/products/1',
    path: '/products/:id',
    preloadedState: { ...session(user), cart: { ...cart, cartLoaded: true, status: 'idle' } },
  });
  return { fetch, ...view };
}
const allowed = (eligibility: Partial<ReviewEligibility> = {}) => () => jsonResponse({ canReview: true, review: null, ...eligibility });
const reviews = () => screen.getByRole('region', { name: 'Reviews' });

describe('Product page reviews', () => {
  it('shows each review with its stars, and the date and a badge on verified ones; the eligibility check names the shopper’s own', async () => {
    stubFetch({
      'GET /api/products/1': () => jsonResponse(reviewed(shown, 4.5)),
      'GET /api/products/1/reviews/eligibility': () => jsonResponse({ canReview: false, review: mine }),
    });
    renderWithProviders(<ProductDetailPage />, { route: '/products/1', path: '/products/:id', preloadedState: session(user) });
    const items = within(await screen.findByRole('region', { name: 'Reviews' })).getAllByRole('listitem');
    expect(within(items[0]).getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
    expect(within(items[0]).queryByText('Verified purchase')).not.toBeInTheDocument();
    expect(within(items[1]).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(items[1]).getByText('Mar 4, 2026')).toHaveAttribute('datetime', mine.date);
    expect(within(items[1]).getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeInTheDocument();
    expect(await within(reviews()).findByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
  });

  it('a shopper who received the product writes a review; the rating and the list follow, and the answer marks it theirs', async () => {
    const { fetch } = render(allowed(), { 'POST /api/products/1/reviews': () => jsonResponse(reviewed(mine, 4.5), 201) });
    const form = await screen.findByRole('region', { name: 'Write a review' });
    const before = product().reviews.length;
    expect(screen.getByText(`${before} ${before === 1 ? 'review' : 'reviews'}`)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText('Your review'), 'Good phone.');
    expect(within(form).getByText('11 / 1,000 characters')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Thank you for your review')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/products/1/reviews')).toEqual([{ rating: 4, comment: 'Good phone.' }]);
    expect(screen.getByText('4.5 out of 5 stars')).toBeInTheDocument();
    // The count beside the stars follows the list.
    expect(screen.getByText(`${before + 1} reviews`)).toBeInTheDocument();
    expect(within(reviews()).getByText('Verified purchase')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(within(reviews()).getByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
  });

  it('asks for a rating and a comment before sending anything, and shows the server’s field messages', async () => {
    const { fetch } = render(allowed(), {
      'POST /api/products/1/reviews': () =>
        jsonResponse({ message: 'Invalid review', errors: { comment: 'Your review must be 1 to 1000 characters' } }, 400),
    });
    const form = await screen.findByRole('region', { name: 'Write a review' });
    await userEvent.type(within(form).getByLabelText('Your review'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');
    expect(within(form).getByLabelText('Your review')).toHaveAccessibleDescription('Write a few words about the product 3 / 1,000 characters');
    expect(calls(fetch)).not.toContain('POST /api/products/1/reviews');

    await userEvent.click(within(form).getByRole('radio', { name: '1 star' }));
    await userEvent.type(within(form).getByLabelText('Your review'), 'ok');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Your review')).toHaveAccessibleDescription(/^Your review must be 1 to 1000 characters/),
    );
    expect(within(form).getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the server refuses the review (no delivered order any more, already reviewed)', async () => {
    render(allowed(), {
      'POST /api/products/1/reviews': () => jsonResponse({ message: 'Only a shopper who received this product can review it' }, 403),
    });
    const form = await screen.findByRole('region', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(within(form).getByLabelText('Your review'), 'Great.');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only a shopper who received this product can review it');
  });

  it('a shopper edits their own review', async () => {
    const { fetch } = render(() => jsonResponse({ canReview: false, review: mine }), {
      'PATCH /api/products/1/reviews/7': () => jsonResponse(reviewed({ ...mine, rating: 2, comment: 'Broke.' }, 3.5)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit your review' }));
    const form = screen.getByRole('region', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(form).getByLabelText('Your review')).toHaveValue('Good phone.');
    await userEvent.click(within(form).getByRole('radio', { name: '2 stars' }));
    await userEvent.clear(within(form).getByLabelText('Your review'));
    await userEvent.type(within(form).getByLabelText('Your review'), 'Broke.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Your review is saved')).toBeInTheDocument();
    expect(sent(fetch, 'PATCH /api/products/1/reviews/7')).toEqual([{ rating: 2, comment: 'Broke.' }]);
    expect(screen.getByText('3.5 out of 5 stars')).toBeInTheDocument();
    expect(within(reviews()).getByText('Broke.')).toBeInTheDocument();
  });

  it('tells a shopper who has not received the product why there is no form', async () => {
    render(() => jsonResponse({ canReview: false, review: null }));
    expect(await screen.findByText('Only shoppers who received this product can review it.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('says when it cannot tell whether the shopper may review, and tries again', async () => {
    let fail = true;
    render(() => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse({ canReview: true, review: null })));
    expect(await within(await screen.findByRole('region', { name: 'Reviews' })).findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Write a review' })).toBeInTheDocument();
  });
});
