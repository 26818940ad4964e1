import { XMarkIcon } from '@heroicons/react/20/solid';
import { useState, type FormEvent } from 'react';
import type { RejectedCode } from '../../domain/checkout';
import { Button, Input } from '../../components/controls';

interface PromoCodesProps {
  /** The codes the quote is asked with (applied, or waiting for the quote's answer). */
  codes: readonly string[];
  /** Codes the server did not apply, with its reasons. */
  rejected: readonly RejectedCode[];
  onApply: (code: string) => void;
  onRemove: (code: string) => void;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * "Promo code" with "Apply": a code goes into the quote's codes; a code the server rejected shows
 * its reason under the field, an applied one is a chip with a remove button.
 */
export default function PromoCodes({ codes, rejected, onApply, onRemove }: PromoCodesProps) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    if (!code) {
      setMessage('Enter a promo code');
      return;
    }
    if (codes.some((c) => same(c, code))) {
      setMessage(`${code} is already applied`);
      return;
    }
    setMessage(null);
    setValue('');
    onApply(code);
  }

  const reasons = [...(message ? [message] : []), ...rejected.map((r) => `${r.code}: ${r.reason}`)];
  return (
    <div>
      {/* Not a <form>: the checkout's address form is a form of its own, and this one must not submit it. */}
      <label htmlFor="promo-code" className="block text-sm font-medium text-gray-900">
        Promo code
      </label>
      <div className="mt-2 flex gap-2">
        <Input
          id="promo-code"
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={reasons.length > 0 ? true : undefined}
          aria-describedby={reasons.length > 0 ? 'promo-code-error' : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(event);
          }}
        />
        <Button look="secondary" onClick={apply}>
          Apply
        </Button>
      </div>
      <div id="promo-code-error" aria-live="polite">
        {reasons.map((reason) => (
          <p key={reason} className="mt-1 text-sm text-red-700">
            {reason}
          </p>
        ))}
      </div>
      {codes.length > 0 && (
        <ul aria-label="Applied promo codes" className="mt-3 flex flex-wrap gap-2">
          {codes.map((code) => (
            <li key={code} className="inline-flex items-center gap-1 rounded-full bg-green-50 py-1 pr-1 pl-3 font-mono text-sm text-green-900 ring-1 ring-green-200">
              {code}
              <button
                type="button"
                aria-label={`Remove code ${code}`}
                onClick={() => onRemove(code)}
                className="rounded-full p-0.5 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-green-700"
              >
                <XMarkIcon aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
