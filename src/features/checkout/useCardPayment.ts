// The checkout's payment: cash or card, and the card as typed with its messages (the form's own
// checks, the server's, a declined card's). The card stays in this state: never in the store,
// storage or a log.
import { useState } from 'react';
import { readCard } from '../../domain/card';
import type { CardInput } from '../../domain/checkout';
import type { PaymentMethod } from '../../domain/types';
import { emptyCard, type CardFields } from './CardForm';

export function useCardPayment() {
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    method,
    card,
    setCard,
    errors,
    message,
    choose(value: PaymentMethod) {
      setMethod(value);
      setMessage(null);
    },
    /** The card to send (undefined when paying cash), or null when its fields are wrong (each says why). */
    read(): CardInput | undefined | null {
      setMessage(null);
      let input;
      if (method === 'card') {
        const read = readCard(card);
        if ('errors' in read) {
          setErrors(read.errors);
          return null;
        }
        input = read.card;
      }
      setErrors({});
      return input;
    },
    /** The card was declined: nothing was placed, and the shopper may fix it or pay cash. */
    declined: setMessage,
    /** The order was refused: what it said of the card's fields ('card.number', …), if anything. */
    refused(fieldErrors: Record<string, string> | undefined) {
      const cardFields = Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([field]) => field.startsWith('card.')));
      if (Object.keys(cardFields).length > 0) setErrors(cardFields);
    },
  };
}
