import { useCallback, useRef } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { apiClient } from '../../lib/apiClient';
import { userUpdated } from '../../lib/session';
import type { User } from '../../domain/types';
import type { RejectValue } from '../../lib/thunk';
import type { CardInput } from '../../domain/checkout';
import { createOrderAsync } from './ordersSlice';
import type { OrderRequest } from './ordersAPI';

/**
 * A new Idempotency-Key: one per attempt to order. getRandomValues, not randomUUID, which
 * browsers offer only on https or localhost.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Did the attempt end without a clear answer (network error, 5xx), so the order may have been placed? */
const outcomeUnknown = (status: number | undefined) => status === undefined || status === 0 || status >= 500;

/**
 * 'Order Now': places the order, rejecting with the API's message. One Idempotency-Key per attempt,
 * kept while an attempt ended without a clear answer, so ordering again cannot order twice. The
 * card (a card payment) goes to the request only, never into an action or the store. An order
 * that bought membership refreshes the session's user (a member from then on).
 */
export function usePlaceOrder(): (order: OrderRequest, card?: CardInput) => Promise<void> {
  const dispatch = useAppDispatch();
  const attemptKey = useRef<string | null>(null);
  return useCallback(
    async (order: OrderRequest, card?: CardInput) => {
      attemptKey.current ??= newIdempotencyKey();
      try {
        const placed = await dispatch(createOrderAsync({ order, idempotencyKey: attemptKey.current, card: card && (() => card) })).unwrap();
        attemptKey.current = null;
        // An order that bought membership made the shopper a member: the session's user follows.
        if (placed?.membershipFee !== undefined) void apiClient.get<User>('/users/own').then((u) => dispatch(userUpdated(u)), () => undefined);
      } catch (rejected) {
        if (!outcomeUnknown((rejected as RejectValue).status)) attemptKey.current = null;
        throw rejected;
      }
    },
    [dispatch],
  );
}
