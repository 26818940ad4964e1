/**
 * A number typed in a back-office form, as the API takes it: a number when the text reads as one,
 * else the text itself, so the server's answer names the field and says what it must be.
 */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}
