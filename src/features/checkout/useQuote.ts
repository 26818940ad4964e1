import { useCallback, useEffect, useRef, useState } from 'react';
import type { Quote, QuoteRequest } from '../../domain/quote';
import { ApiError } from '../../lib/apiClient';
import { fetchQuote } from './checkoutAPI';

export interface QuoteState {
  /** The latest answered quote (kept while a newer one loads, so the summary does not jump). */
  quote: Quote | null;
  loading: boolean;
  error: string | null;
  /** Asks again for the same request (after an error, or when the server's prices may have moved). */
  refresh: () => void;
}

/**
 * The quote of `request`, asked again whenever the request or `cartKey` (what is in the cart)
 * changes. Only the answer to the latest question is kept: an older answer arriving late is ignored.
 */
export function useQuote(request: QuoteRequest, cartKey: string, enabled = true): QuoteState {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const key = JSON.stringify(request);

  useEffect(() => {
    if (!enabled) return;
    const asked = ++latest.current;
    setLoading(true);
    fetchQuote(JSON.parse(key) as QuoteRequest).then(
      (answer) => {
        if (asked !== latest.current) return;
        setQuote(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (asked !== latest.current) return;
        setError(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
  }, [key, cartKey, round, enabled]);

  // Answers that arrive after the page is gone are ignored too.
  useEffect(() => () => void (latest.current += 1), []);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { quote, loading, error, refresh };
}
