import type { ColumnType, Generated } from 'kysely'
import type {
  CarriageLeg,
  EmissionFactors,
  EmissionsReason,
  ShipmentEmissions,
} from '../../../contract/emissions'
import type { Json, Timestamp } from './columns'

/** Emissions (migration 0030, docs/emissions.md): the factors applied, and each booking's figures. */

export interface EmissionFactorVersionsTable {
  id: Generated<number>
  version: string
  source: string
  factors: Json<EmissionFactors['factors']>
  note: ColumnType<string | null, string | null | undefined, string | null>
  applied_by: ColumnType<number | null, number | null | undefined, number | null>
  applied_at: Timestamp
}

export interface BookingEmissionsTable {
  id: Generated<number>
  booking_id: number
  reason: EmissionsReason
  carriage: Json<CarriageLeg[]>
  figure: Json<ShipmentEmissions>
  factors: Json<EmissionFactors>
  /** bigint: read back as a string by node-postgres. */
  wtw_grams: ColumnType<string | number, number, number>
  ttw_grams: ColumnType<string | number, number, number>
  counted_at: Timestamp
}
