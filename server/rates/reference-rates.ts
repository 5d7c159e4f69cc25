import { type Kysely, type Selectable, sql } from 'kysely'
import type { ChargeLine, FxRates, Mode, RateLane, ServiceTariff } from '../../contract/pricing/types'
import type { Database, RateChargeRow, RateLaneRow } from '../db/schema'
import type { ServiceTariffsTable } from '../db/schema/rates'
import { inTransaction } from '../db/transaction'
import { chargeOf, sheetOf } from './stored-sheets'

export type NewRateLane = Omit<RateLane, 'id'>

const BATCH = 200

/**
 * Stores lanes with their charge lines in one transaction (the caller's, when `db` is one). A lane whose
 * key (mode, origin, destination, carrier, service, valid from) exists is replaced, charges and all.
 */
export async function insertLanes(
  db: Kysely<Database>,
  lanes: NewRateLane[],
  source: 'seed' | 'import',
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const ids: number[] = []
    for (let start = 0; start < lanes.length; start += BATCH) {
      const batch = lanes.slice(start, start + BATCH)
      const rows = await trx
        .insertInto('rate_lanes')
        .values(
          batch.map((lane) => ({
            mode: lane.mode,
            origin: lane.origin,
            destination: lane.destination,
            carrier: lane.carrier,
            service: lane.service,
            transit_days: lane.transitDays,
            departure_days: lane.departureDays,
            cargo_cutoff_days: lane.cargoCutoffDays,
            doc_cutoff_days: lane.docCutoffDays,
            free_days: lane.freeDays,
            valid_from: lane.validFrom,
            valid_to: lane.validTo,
            currency: lane.currency,
            refused_dg_classes: lane.refusedDgClasses,
            source,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['mode', 'origin', 'destination', 'carrier', 'service', 'valid_from'])
            .doUpdateSet((eb) => ({
              transit_days: eb.ref('excluded.transit_days'),
              departure_days: eb.ref('excluded.departure_days'),
              cargo_cutoff_days: eb.ref('excluded.cargo_cutoff_days'),
              doc_cutoff_days: eb.ref('excluded.doc_cutoff_days'),
              free_days: eb.ref('excluded.free_days'),
              valid_to: eb.ref('excluded.valid_to'),
              currency: eb.ref('excluded.currency'),
              refused_dg_classes: eb.ref('excluded.refused_dg_classes'),
              source: eb.ref('excluded.source'),
            })),
        )
        .returning('id')
        .execute()
      const batchIds = rows.map((row) => row.id)
      await trx.deleteFrom('rate_charges').where('lane_id', 'in', batchIds).execute()
      const charges = batch.flatMap((lane, index) =>
        lane.charges.map((charge, position) => chargeRow(batchIds[index] as number, position, charge)),
      )
      for (let c = 0; c < charges.length; c += BATCH * 5) {
        await trx
          .insertInto('rate_charges')
          .values(charges.slice(c, c + BATCH * 5))
          .execute()
      }
      ids.push(...batchIds)
    }
    return ids
  })
}

function chargeRow(laneId: number, position: number, charge: ChargeLine) {
  return {
    lane_id: laneId,
    position,
    code: charge.code,
    name: charge.name,
    side: charge.side,
    basis: charge.basis,
    currency: charge.currency,
    amount: charge.amount,
    container_type: charge.containerType ?? null,
    breaks: charge.breaks ? JSON.stringify(charge.breaks) : null,
    minimum: charge.minimum,
    hazardous_only: charge.hazardousOnly ?? false,
  }
}

async function withCharges(db: Kysely<Database>, rows: RateLaneRow[]): Promise<RateLane[]> {
  if (rows.length === 0) return []
  const charges = await db
    .selectFrom('rate_charges')
    .selectAll()
    .where(
      'lane_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('lane_id')
    .orderBy('position')
    .execute()
  return rows.map((row) => sheetOf(row, charges.filter((charge) => charge.lane_id === row.id).map(chargeOf)))
}

/**
 * The sheets in force for a lane on `date`: valid that day, and of each carrier's service the one that
 * starts last (a new sheet supersedes the one it overlaps).
 */
export async function findLanes(
  db: Kysely<Database>,
  { mode, origin, destination, date }: { mode: Mode; origin: string; destination: string; date: string },
): Promise<RateLane[]> {
  // One round trip: the sheets with their charge lines as JSON (a raw statement: this runs for every quote).
  const { rows } = await sql<RateLaneRow & { charges: RateChargeRow[] }>`
    select l.*, coalesce(
      (select json_agg(c order by c.position) from rate_charges c where c.lane_id = l.id), '[]'
    ) as charges
    from (
      select distinct on (carrier, service) * from rate_lanes
      where origin = ${origin} and destination = ${destination} and mode = ${mode}
        and valid_to >= ${date} and valid_from <= ${date}
      order by carrier, service, valid_from desc, id desc
    ) l
    order by l.carrier, l.service`.execute(db)
  return rows.map((row) => sheetOf(row, row.charges.map(chargeOf)))
}

/** The places at either end of a sheet of `mode` in force on `date`: where a quote gets instant rates. */
export async function laneEnds(db: Kysely<Database>, mode: Mode, date: string): Promise<ReadonlySet<string>> {
  const { rows } = await sql<{ code: string }>`
    select origin as code from rate_lanes where mode = ${mode} and valid_from <= ${date} and valid_to >= ${date}
    union
    select destination from rate_lanes where mode = ${mode} and valid_from <= ${date} and valid_to >= ${date}`.execute(
    db,
  )
  return new Set(rows.map((row) => row.code))
}

/** Every lane, in key order, for export. */
export async function allLanes(db: Kysely<Database>): Promise<RateLane[]> {
  const rows = await db
    .selectFrom('rate_lanes')
    .selectAll()
    .orderBy('mode')
    .orderBy('origin')
    .orderBy('destination')
    .orderBy('carrier')
    .orderBy('service')
    .orderBy('valid_from')
    .execute()
  return withCharges(db, rows)
}

/** Every country's services tariff by country code, with the default under '*'. */
export async function allServiceTariffs(db: Kysely<Database>): Promise<Map<string, ServiceTariff>> {
  const rows = await db.selectFrom('service_tariffs').selectAll().execute()
  return new Map(rows.map((row) => [row.country_code.trim(), toTariff(row)]))
}

function toTariff(row: Selectable<ServiceTariffsTable>): ServiceTariff {
  return {
    currency: row.currency.trim(),
    exportCustomsFee: row.export_customs_fee,
    importCustomsFee: row.import_customs_fee,
    insuranceRateBps: row.insurance_rate_bps,
    insuranceMinimum: row.insurance_minimum,
    trucking: row.trucking as ServiceTariff['trucking'],
  }
}

/** The exchange rates in force: units of each currency per USD, in millionths. */
export async function fxRates(db: Kysely<Database>): Promise<FxRates> {
  const rows = await db.selectFrom('fx_rates').select(['currency', 'per_usd_micro']).execute()
  return Object.fromEntries(rows.map((row) => [row.currency.trim(), Number(row.per_usd_micro)]))
}

/**
 * The exchange rates and every country's services tariff, held by the server process for a minute, and
 * dropped at once when the database notifies a change (RateSheets): they change when a start or an import
 * writes them, and each quote keeps the copy it was priced with.
 */
export class ReferenceRates {
  #loaded: Promise<{ fx: FxRates; tariff: (country: string) => ServiceTariff }> | undefined
  #at = 0

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeMs = 60_000,
  ) {}

  get() {
    if (!this.#loaded || Date.now() - this.#at > this.maxAgeMs) {
      this.#at = Date.now()
      const loading = Promise.all([fxRates(this.db), allServiceTariffs(this.db)]).then(([fx, tariffs]) => {
        const fallback = tariffs.get('*')
        if (!fallback) throw new Error('No services tariff: the default (*) is missing')
        return { fx, tariff: (country: string) => tariffs.get(country) ?? fallback }
      })
      loading.catch(() => {
        if (this.#loaded === loading) this.#loaded = undefined
      })
      this.#loaded = loading
    }
    return this.#loaded
  }

  /** Read again at the next use (the tables changed). */
  clear(): void {
    this.#loaded = undefined
  }
}
