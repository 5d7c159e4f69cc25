/**
 * What every string and number the API takes must be before its own rules, so that PostgreSQL can store it:
 * one source for the browser's forms, the API's schemas and the OpenAPI document.
 *
 * - No NUL (U+0000): PostgreSQL text cannot hold it (`invalid byte sequence for encoding "UTF8": 0x00`).
 * - No lone UTF-16 surrogate (half of a pair, such as `"\ud800"` in JSON): it is not a character; jsonb
 *   refuses it and UTF-8 cannot carry it. A whole pair (an emoji) is welcome.
 * - Whole numbers fit their `integer` column (32 bits).
 *
 * The server also checks every validated value of every request for the two characters (server/openapi.ts,
 * createRouter), so a schema that forgets `safeString` still answers 422, never 500.
 */
import { z } from 'zod'

export const textMessages = {
  badCharacter: 'This field contains a character that cannot be stored (NUL or a broken character).',
} as const

/** The largest value of a PostgreSQL `integer` (and `serial`) column. */
export const INT32_MAX = 2_147_483_647

/** A lone surrogate: with the u flag a surrogate pair is one code point, so only a lone half matches. */
const loneSurrogate = /\p{Cs}/u

/** Whether `value` has neither a NUL nor a lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value)
}

/** `z.string(params)` that refuses NUL and lone surrogates with `textMessages.badCharacter`; chain the rest. */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: textMessages.badCharacter })

/** A positive id of an `integer` column; `message` for anything else. */
export const positiveId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(INT32_MAX, message)

/**
 * Lower case without accents or punctuation, words apart by one space: "cat lai" finds Cát Lái and "nhava"
 * finds "Jawaharlal Nehru (Nhava Sheva)".
 */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim()
}

/**
 * A count with its noun, singular for one: "1 day", "2 days", "1 package". The plural is the noun with an
 * "s" unless given ("1 company", "3 companies"). The one rule every screen, mail and document counts with.
 */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupedNumber(count)} ${count === 1 ? singular : plural}`
}

/**
 * A whole number with thousands separators, as `toLocaleString('en-US')` writes it ("29,000"), without
 * starting the browser's ICU: the first Intl call of a page costs 100 to 250 ms of a phone's main thread, and
 * messages built when a module loads would pay it before the page shows (issue 37). Other numbers go to Intl.
 */
export function groupedNumber(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US')
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits
}
