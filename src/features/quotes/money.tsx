import { fromUsd, moneyText } from '../../../contract/pricing/money'
import type { FxRates } from '../../../contract/pricing/types'

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
