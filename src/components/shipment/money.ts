import { singaporeDateOf } from '../../../contract/dates'
import { fromUsd, moneyText } from '../../../contract/pricing/money'
import type { FxRates } from '../../../contract/pricing/types'
import { formatDay } from '../../app/datetime'

/** 'USD 1,234.56' from minor units. */
export const usd = (cents: number) => moneyText(cents, 'USD')

/** The SGD equivalent at the quote's stored rate, or nothing when the rate is missing. */
export function sgd(cents: number, fx: FxRates): string | null {
  try {
    return moneyText(fromUsd(cents, 'SGD', fx), 'SGD')
  } catch {
    return null
  }
}

/**
 * The rate the SGD equivalent is at, and when the quote took it: "1 USD = 1.3400 SGD, rate of 24 Nov 2026".
 * Nothing when the quote has no SGD rate.
 */
export function fxText(fx: FxRates, quotedAt: string): string | null {
  const perUsd = fx.SGD
  if (!perUsd) return null
  return `1 USD = ${(perUsd / 1_000_000).toFixed(4)} SGD, rate of ${formatDay(singaporeDateOf(quotedAt))}`
}
