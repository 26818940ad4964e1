// The checkout's prices: the quote of the signed-in shopper's cart, as the server
// prices it. Nothing here computes a price.
import { apiClient } from '../../lib/apiClient';
import type { Quote, QuoteRequest } from '../../domain/quote';

// POST /checkout/quote: the cart priced as an order would be now (totals, promotions, rejected codes).
export const fetchQuote = (request: QuoteRequest) => apiClient.post<Quote>('/checkout/quote', request);

