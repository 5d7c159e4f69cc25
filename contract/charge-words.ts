/**
 * The people's words for the rate sheets' and offers' codes (issue 34): what a charge line's category and basis
 * read as wherever staff or customers see them, never the lower-case code. One table for every screen; the
 * words follow ../shared/FREIGHT.md (per container, per W/M revenue tonne, per chargeable kg, per B/L or air
 * waybill, percent of cargo value) and the groups of the customer's price table (Origin, Freight, Destination).
 */
import type { ChargeBasis, ChargeSide } from './pricing/types'

/** A charge line's category: where in the journey it arises. */
export const chargeSideWords: Record<ChargeSide, string> = {
  origin: 'Origin',
  freight: 'Freight',
  destination: 'Destination',
}

/** How a charge line is counted. */
export const chargeBasisWords: Record<ChargeBasis, string> = {
  container: 'per container',
  wm: 'per W/M (revenue tonne)',
  kg: 'per chargeable kg',
  shipment: 'per shipment (B/L or AWB)',
  percent: 'percent of cargo value',
}
