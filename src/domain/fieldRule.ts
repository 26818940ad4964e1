// A field's validation rule as data, and the one function that applies it: the forms
// (react-hook-form, through src/domain/validation.ts's toRegisterOptions) and the server make the
// same check with the same message.

/** Longest text any field accepts; the original design sets none, the server must not store megabytes. */
export const MAX_TEXT = 200;

export interface FieldRule {
  required?: string;
  pattern?: { value: RegExp; message: string };
  min?: { value: number; message: string };
  max?: { value: number; message: string };
  maxLength?: { value: number; message: string };
  integer?: string;
  /** A value that is not a number at all ("abc"): this, not the range's message. */
  number?: string;
  /** More than two decimals: checked by checkProductField (src/domain/productFields.ts), not by checkField. */
  cents?: string;
  /**
   * A number other than 0 nearer to 0 than SMALLEST_NUMBER (5e-324, 1e-320) is refused with this:
   * checked by checkProductField (src/domain/productFields.ts), not by checkField.
   */
  tiny?: string;
  oneOf?: { values: readonly string[]; message: string };
}

export type Rules<K extends string> = Record<K, FieldRule>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A plain decimal as typed in a form ("12", "-3", "7.5"); hex, exponents, "Infinity" are not. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A JSON number as it is, a decimal string as its value, anything else NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
}

/** The message of the first rule `value` breaks, or undefined when it is valid. */
export function checkField(value: unknown, rule: FieldRule): string | undefined {
  if (isEmpty(value)) return rule.required;
  const numeric = rule.min !== undefined || rule.max !== undefined || rule.integer !== undefined;
  if (numeric) {
    const n = toNumber(value);
    if (!Number.isFinite(n)) return rule.number ?? rule.integer ?? rule.min?.message ?? rule.max?.message;
    if (rule.integer && !Number.isInteger(n)) return rule.integer;
    if (rule.min && n < rule.min.value) return rule.min.message;
    if (rule.max && n > rule.max.value) return rule.max.message;
    return undefined;
  }
  if (typeof value !== 'string') return rule.required ?? 'must be text';
  if (rule.maxLength && value.length > rule.maxLength.value) return rule.maxLength.message;
  if (rule.pattern && !rule.pattern.value.test(value)) return rule.pattern.message;
  if (rule.oneOf && !rule.oneOf.values.includes(value)) return rule.oneOf.message;
  return undefined;
}

/** `<label> must be at most <max> characters`. */
export const tooLong = (label: string, max = MAX_TEXT) => ({ value: max, message: `${label} must be at most ${max} characters` });
