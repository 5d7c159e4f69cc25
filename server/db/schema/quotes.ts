import type { ColumnType, Generated } from 'kysely'
import type {
  FxRates,
  QuoteRequest,
  RateLane,
  ServiceSelection,
  ServiceTariff,
} from '../../../contract/pricing/types'
import type { DeskState } from '../../../contract/quote-desk'
import type { DateColumn, Json, MaybeTimestamp, Timestamp } from './columns'

/** Quotes and their options, and the sales desk's record of a quote request and its offers. */

export interface QuotesTable {
  id: Generated<number>
  number: string
  customer_id: number
  user_id: number
  kind: 'priced' | 'requested'
  mode: 'FCL' | 'LCL' | 'AIR'
  origin: string
  destination: string
  request: Json<QuoteRequest>
  services: Json<ServiceSelection>
  chosen_option_id: number | null
  first_lcl_eligible: boolean
  fx: Json<FxRates>
  service_tariffs: Json<{
    origin: ServiceTariff
    destination: ServiceTariff
  }>
  valid_to: DateColumn | null
  requoted_from: number | null
  notes: string | null
  created_at: Timestamp
  /** When the expiry reminder of the quote was claimed (server/jobs/quote-reminders.ts); sent once. */
  expiry_reminded_at: MaybeTimestamp
}

export interface QuoteOptionsTable {
  id: Generated<number>
  quote_id: number
  lane: Json<RateLane>
  carrier: string
  transit_days: number
  valid_to: DateColumn
  total_usd: number
}

/** Where a quote request stands on the sales desk (migration 0021, server/sales/). */
export interface QuoteDeskTable {
  quote_id: number
  state: DeskState
  assigned_staff_id: number | null
  assigned_at: MaybeTimestamp
  answered_at: MaybeTimestamp
  decline_reason: string | null
  updated_at: Timestamp
}

/** An offer sent for a quote request; every version is kept. */
export interface QuoteOffersTable {
  id: Generated<number>
  quote_id: number
  version: number
  option_id: number | null
  lane: Json<RateLane>
  total_usd: ColumnType<string | number, number, number>
  note: string
  staff_id: number
  sent_at: Timestamp
  superseded_at: MaybeTimestamp
}
