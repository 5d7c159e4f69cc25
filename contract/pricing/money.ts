/**
 * Money in integer minor units: exact rounding (half away from zero, with BigInt), conversion to and from USD
 * at the quote's FX rates, and how an amount reads. Shared by the server and the browser.
 */
import { milliText } from './quantities'
import type { FxRates } from './types'

/** FX rates are units of a currency per USD in millionths: USD itself is 1,000,000. */
export const FX_SCALE = 1_000_000

/** Thrown when the inputs cannot be priced at all (a currency without an exchange rate, a non-integer amount). */
export class PricingError extends Error {
  override name = 'PricingError'
}

/** round(n / d), half away from zero, exactly; d > 0. */
export function roundDiv(n: bigint, d: bigint): number {
  if (d <= 0n) throw new PricingError('Division by a non-positive number.')
  const negative = n < 0n
  const a = negative ? -n : n
  const q = (2n * a + d) / (2n * d)
  const result = Number(negative ? -q : q)
  if (!Number.isSafeInteger(result)) throw new PricingError('Amount out of range.')
  return result
}

/** `n` as a BigInt, or a PricingError naming `what` when it is not a safe integer. */
export const big = (n: number, what: string): bigint => {
  if (!Number.isSafeInteger(n)) throw new PricingError(`${what} must be an integer, got ${n}.`)
  return BigInt(n)
}

/** Units of `currency` per USD, millionths. */
export function fxRate(fx: FxRates, currency: string): number {
  const rate = currency === 'USD' ? (fx.USD ?? FX_SCALE) : fx[currency]
  if (rate === undefined || !Number.isSafeInteger(rate) || rate <= 0) {
    throw new PricingError(`No exchange rate for ${currency}.`)
  }
  return rate
}

/** Minor units of `currency` to minor units of USD, rounded once (both currencies with 2 decimals). */
export function toUsd(amount: number, currency: string, fx: FxRates): number {
  return roundDiv(big(amount, 'Amount') * BigInt(FX_SCALE), BigInt(fxRate(fx, currency)))
}

/** Minor units of USD to minor units of `currency`, rounded once. */
export function fromUsd(amountUsd: number, currency: string, fx: FxRates): number {
  return roundDiv(big(amountUsd, 'Amount') * BigInt(fxRate(fx, currency)), BigInt(FX_SCALE))
}

/** 'USD 1,234.56' (minor units with 2 decimals). */
export function moneyText(amount: number, currency: string): string {
  // Intl writes the code, a no-break space and the amount, the minus sign first ("-USD 17.04"); the
  // amount is exact in minor units, so it is divided only for display. One ordinary space, as everywhere.
  return amountFormat(currency)
    .format(amount / 100)
    .replace(/\u00a0/g, ' ')
}

const formats = new Map<string, Intl.NumberFormat>()

/** One formatter per currency (building one costs more than formatting with it). */
function amountFormat(currency: string): Intl.NumberFormat {
  let format = formats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formats.set(currency, format)
  }
  return format
}

/** Basis points as a percentage: 900 → '9%'. */
export const bpsText = (bps: number) => `${milliText(bps * 10)}%`
