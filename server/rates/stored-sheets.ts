/** Rate sheets as stored (rate_lanes and their rate_charges lines), read back as the pricing rules see them. */
import type { Kysely, Selectable } from 'kysely'
import type { ChargeLine, ContainerType, KgBreaks, Mode, RateLane } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import type { RateChargesTable, RateLanesTable } from '../db/schema/rates'

/** A stored sheet with its id. */
export type StoredSheet = RateLane

export function chargeOf(row: Selectable<RateChargesTable>): ChargeLine {
  return {
    code: row.code,
    name: row.name,
    side: row.side,
    basis: row.basis,
    currency: row.currency.trim(),
    amount: row.amount,
    ...(row.container_type ? { containerType: row.container_type as ContainerType } : {}),
    ...(row.breaks ? { breaks: row.breaks as KgBreaks } : {}),
    minimum: row.minimum,
    ...(row.hazardous_only ? { hazardousOnly: true } : {}),
  }
}

export function sheetOf(row: Selectable<RateLanesTable>, charges: ChargeLine[]): StoredSheet {
  return {
    id: row.id,
    mode: row.mode,
    origin: row.origin,
    destination: row.destination,
    carrier: row.carrier,
    service: row.service,
    transitDays: row.transit_days,
    departureDays: row.departure_days.map(Number),
    cargoCutoffDays: row.cargo_cutoff_days,
    docCutoffDays: row.doc_cutoff_days,
    freeDays: row.free_days,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    currency: row.currency.trim(),
    refusedDgClasses: row.refused_dg_classes,
    charges,
  }
}

/**
 * The stored sheets of the tariffs (mode, carrier) that ended on or after `since`: every sheet in force or
 * upcoming, and every one a file's sheet may replace (same valid-from, so ending on or after it).
 */
export async function tariffSheets(
  db: Kysely<Database>,
  tariffs: { mode: Mode; carrier: string }[],
  since: string,
): Promise<StoredSheet[]> {
  if (tariffs.length === 0) return []
  const lanes = await db
    .selectFrom('rate_lanes')
    .selectAll()
    .where('valid_to', '>=', since)
    .where((eb) =>
      eb.or(tariffs.map((t) => eb.and([eb('mode', '=', t.mode), eb('carrier', '=', t.carrier)]))),
    )
    .execute()
  if (lanes.length === 0) return []
  const rows = await db
    .selectFrom('rate_charges')
    .selectAll()
    .where('lane_id', 'in', (eb) =>
      eb
        .selectFrom('rate_lanes')
        .select('id')
        .where('valid_to', '>=', since)
        .where((w) =>
          w.or(tariffs.map((t) => w.and([w('mode', '=', t.mode), w('carrier', '=', t.carrier)]))),
        ),
    )
    .orderBy('lane_id')
    .orderBy('position')
    .execute()
  const byLane = new Map<number, ChargeLine[]>()
  for (const row of rows) {
    const list = byLane.get(row.lane_id)
    if (list) list.push(chargeOf(row))
    else byLane.set(row.lane_id, [chargeOf(row)])
  }
  return lanes.map((lane) => sheetOf(lane, byLane.get(lane.id) ?? []))
}
