// The checkout's quote: what it is asked with (the chosen address, shipping method and codes) and
// what it answered. A code the quote did not apply leaves the codes (so the order is not refused
// for it); its reason stays under the field until the shopper applies or removes a code.
import { useEffect, useMemo, useState } from 'react';
import type { RejectedCode } from '../../domain/checkout';
import { useQuote } from './useQuote';

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The quote for the saved address at index `address` (null: none chosen yet), asked again when `cartKey` changes. */
export function useCheckoutQuote(address: number | null, cartKey: string, enabled: boolean) {
  // The chosen method (none = the cheapest) and the codes.
  const [method, setMethod] = useState<number | undefined>(undefined);
  const [codes, setCodes] = useState<string[]>([]);
  const [rejected, setRejected] = useState<RejectedCode[]>([]);
  const request = useMemo(
    () => ({
      ...(address === null ? {} : { address }),
      ...(method === undefined ? {} : { shippingMethod: method }),
      ...(codes.length > 0 ? { codes } : {}),
    }),
    [address, method, codes],
  );
  const quoteState = useQuote(request, cartKey, enabled);
  const { quote } = quoteState;

  useEffect(() => {
    if (!quote || quote.rejected.length === 0) return;
    setRejected(quote.rejected);
    setCodes((current) => current.filter((code) => !quote.rejected.some((r) => sameCode(r.code, code))));
  }, [quote]);

  return {
    quoteState,
    method,
    setMethod,
    codes,
    rejected,
    applyCode(code: string) {
      setRejected([]);
      setCodes((current) => [...current, code]);
    },
    removeCode(code: string) {
      setRejected([]);
      setCodes((current) => current.filter((c) => c !== code));
    },
  };
}
