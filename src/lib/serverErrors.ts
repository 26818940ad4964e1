// A refused save as a form shows it. The API refuses with `{ message, errors?: { field: text } }`
// (an ApiError from apiClient.ts, or a thunk's RejectValue from thunk.ts after `.unwrap()`): each
// field's text goes under that field when the form has it, and the message is said elsewhere when
// no field took one.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** What a refusal says: its message and its per-field texts (none: `{}`). */
export interface Refusal {
  message: string;
  errors: Record<string, string>;
}

/** The refusal in `failure`: an ApiError, a RejectValue, any other Error (no field texts) or any value. */
export function refusalOf(failure: unknown): Refusal {
  const { message, errors } = Object(failure) as { message?: unknown; errors?: unknown };
  return {
    message: typeof message === 'string' ? message : String(failure),
    errors: errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string>) : {},
  };
}

/**
 * Shows the field texts of `failure` under the form's fields (what was typed stays), the first
 * field in `fields` order getting the focus unless `focus` is false. Returns the refusal's message
 * when none of its texts went under a field, to be shown elsewhere; else null.
 * `fields`: the form's fields a refusal may name, in the order the form shows them; or, where the
 * API names them otherwise, a table from the API's names to the form's fields, in that order (two
 * names of one field: the first the API gives wins).
 */
export function showServerErrors<Values extends FieldValues>(
  failure: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[] | Readonly<Record<string, FieldPath<Values>>>,
  { focus = true }: { focus?: boolean } = {},
): string | null {
  const { message, errors } = refusalOf(failure);
  const byName: Readonly<Record<string, FieldPath<Values>>> = Array.isArray(fields)
    ? Object.fromEntries(fields.map((field) => [field, field]))
    : fields;
  const texts = new Map<FieldPath<Values>, string>();
  for (const [name, text] of Object.entries(errors)) {
    const field = Object.hasOwn(byName, name) ? byName[name] : undefined;
    if (field !== undefined && text && !texts.has(field)) texts.set(field, text);
  }
  const shown = [...new Set(Object.values(byName))].filter((field) => texts.has(field));
  for (const field of shown) setError(field, { message: texts.get(field) }, { shouldFocus: focus && field === shown[0] });
  return shown.length === 0 ? message : null;
}
