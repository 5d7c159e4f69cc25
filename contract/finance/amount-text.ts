/**
 * Money as a person types it (the console's charge and credit note forms): "1,234.50", "1234.5", "80" in a
 * currency of two decimals, read into integer minor units exactly, without floating point: the digits are
 * joined as text and read once as a whole number of cents.
 */

/** The largest whole part accepted: 13 digits keep every amount a safe integer of cents. */
const WHOLE_DIGITS_MAX = 13

/** Digits with optional thousands commas ("1,234,567" or "1234567"), then at most two decimals. */
const amountPattern = new RegExp(`^(\\d{1,${WHOLE_DIGITS_MAX}}|\\d{1,3}(?:,\\d{3}){1,4})(?:\\.(\\d{1,2}))?$`)

export const amountTextMessage = 'An amount such as 1,234.50 (at most two decimals).'

/** "1,234.50" → 123450; null when the text is not an amount of at most two decimals (or is empty). */
export function minorUnitsOf(text: string): number | null {
  const match = amountPattern.exec(text.trim())
  if (!match) return null
  const whole = (match[1] ?? '').replace(/,/g, '')
  if (whole.length > WHOLE_DIGITS_MAX) return null
  const cents = (match[2] ?? '').padEnd(2, '0')
  return Number(`${whole}${cents}`)
}

/** 123450 → "1234.50": minor units as a form's field starts (the inverse of `minorUnitsOf`). */
export function amountInputText(minor: number): string {
  const digits = String(Math.abs(Math.trunc(minor))).padStart(3, '0')
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
}
