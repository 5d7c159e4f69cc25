import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, DateColumn } from './columns'

/** The places, rate sheets, service tariffs and exchange rates that prices are made of. */

export interface LocationsTable {
  code: string
  kind: 'port' | 'airport'
  name: string
  city: string
  country_code: string
  country_name: string
  latitude: number | null
  longitude: number | null
  time_zone: string | null
  search: string
  rank: ColumnType<number, number | undefined, number>
}

export interface RateLanesTable {
  id: Generated<number>
  mode: 'FCL' | 'LCL' | 'AIR'
  origin: string
  destination: string
  carrier: string
  service: string
  transit_days: number
  /** ISO weekdays the service departs (migration 0015); empty: no published schedule. */
  departure_days: ColumnType<number[], number[] | undefined, number[]>
  cargo_cutoff_days: ColumnType<number, number | undefined, number>
  doc_cutoff_days: ColumnType<number, number | undefined, number>
  /** Free days at destination; null: the sheet does not say. */
  free_days: ColumnType<number | null, number | null | undefined, number | null>
  valid_from: DateColumn
  valid_to: DateColumn
  currency: string
  refused_dg_classes: ColumnType<string[], string[] | undefined, string[]>
  source: ColumnType<'seed' | 'import', 'seed' | 'import' | undefined, 'seed' | 'import'>
  created_at: CreatedAt
}

export interface RateChargesTable {
  id: Generated<number>
  lane_id: number
  position: number
  code: string
  name: string
  side: 'origin' | 'freight' | 'destination'
  basis: 'container' | 'wm' | 'kg' | 'shipment' | 'percent'
  currency: string
  amount: number
  container_type: string | null
  /** Minor units per kg by weight break ('-45', '+45', ...), for `kg` lines. */
  breaks: ColumnType<Record<string, number> | null, string | null, string | null>
  minimum: number
  hazardous_only: boolean
}

export interface ServiceTariffsTable {
  country_code: string
  currency: string
  export_customs_fee: number
  import_customs_fee: number
  insurance_rate_bps: number
  insurance_minimum: number
  trucking: ColumnType<
    Record<string, { perContainer: number; perShipment: number; per100Kg: number }>,
    string,
    string
  >
}

export interface FxRatesTable {
  currency: string
  per_usd_micro: number
  as_of: DateColumn
}
