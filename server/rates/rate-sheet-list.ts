/**
 * The pricing desk's list of rate sheets (issue 23) and one sheet opened with its lines (issue 34; docs/pricing.md,
 * "The pricing desk").
 */
import { type Kysely, sql } from 'kysely'
import { addDays, singaporeDateOf } from '../../contract/dates'
import { referenceTotal } from '../../contract/pricing/reference'
import type { ChargeLine } from '../../contract/pricing/types'
import {
  EXPIRING_WITHIN_DAYS,
  RATE_SHEET_PAGE_SIZE,
  type RateSheetDetail,
  type RateSheetPage,
  type RateSheetQuery,
  type RateSheetSummary,
} from '../../contract/rate-files'
import type { Database } from '../db/schema'
import { fxRates } from './reference-rates'
import { chargeOf, type StoredSheet, sheetOf } from './stored-sheets'

/** The last day of any sheet of the lane of `l` (a row of rate_lanes as l). */
const laneLastDay = sql<string>`(
  select max(m.valid_to) from rate_lanes m
  where m.mode = l.mode and m.origin = l.origin and m.destination = l.destination
    and m.carrier = l.carrier and m.service = l.service)`

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A sheet as the desk lists it: its lane, validity, reference total and whether its lane is about to end. */
function summaryOf(
  sheet: StoredSheet,
  today: string,
  laneExpiring: boolean,
  fx: Awaited<ReturnType<typeof fxRates>>,
): RateSheetSummary {
  return {
    id: sheet.id,
    mode: sheet.mode,
    origin: sheet.origin,
    destination: sheet.destination,
    carrier: sheet.carrier,
    service: sheet.service,
    validFrom: sheet.validFrom,
    validTo: sheet.validTo,
    currency: sheet.currency,
    transitDays: sheet.transitDays,
    charges: sheet.charges.length,
    status: sheet.validFrom > today ? 'upcoming' : sheet.validTo < today ? 'expired' : 'current',
    reference: referenceTotal(sheet, fx),
    laneExpiring,
  }
}

/**
 * The sheets in force or upcoming (or as `validity` narrows them), filtered, a page of 50 in lane order, each
 * with its reference total and whether its lane is about to have no rate.
 */
export async function listRateSheets(
  db: Kysely<Database>,
  query: RateSheetQuery,
  now: Date,
): Promise<RateSheetPage> {
  const today = singaporeDateOf(now)
  const soon = addDays(today, EXPIRING_WITHIN_DAYS)
  const page = query.page ?? 1
  let q = db
    .selectFrom('rate_lanes as l')
    .selectAll('l')
    .select([laneLastDay.as('lane_last_day'), sql<string>`count(*) over ()`.as('total')])
    .where('l.valid_to', '>=', today)
  if (query.mode) q = q.where('l.mode', '=', query.mode)
  if (query.origin) q = q.where('l.origin', '=', query.origin)
  if (query.destination) q = q.where('l.destination', '=', query.destination)
  if (query.carrier) q = q.where('l.carrier', 'ilike', `%${likeLiteral(query.carrier)}%`)
  if (query.validity === 'current' || query.validity === 'expiring') q = q.where('l.valid_from', '<=', today)
  if (query.validity === 'upcoming') q = q.where('l.valid_from', '>', today)
  if (query.validity === 'expiring') q = q.where(laneLastDay, '<', soon)
  const rows = await q
    .orderBy('l.mode')
    .orderBy('l.origin')
    .orderBy('l.destination')
    .orderBy('l.carrier')
    .orderBy('l.service')
    .orderBy('l.valid_from')
    .limit(RATE_SHEET_PAGE_SIZE)
    .offset((page - 1) * RATE_SHEET_PAGE_SIZE)
    .execute()
  const ids = rows.map((row) => row.id)
  const charges = new Map<number, ChargeLine[]>()
  if (ids.length > 0) {
    const found = await db
      .selectFrom('rate_charges')
      .selectAll()
      .where('lane_id', 'in', ids)
      .orderBy('lane_id')
      .orderBy('position')
      .execute()
    for (const row of found) charges.set(row.lane_id, [...(charges.get(row.lane_id) ?? []), chargeOf(row)])
  }
  const fx = ids.length > 0 ? await fxRates(db) : {}
  const sheets = rows.map((row) =>
    summaryOf(sheetOf(row, charges.get(row.id) ?? []), today, row.lane_last_day < soon, fx),
  )
  return {
    sheets,
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
    page,
    pageSize: RATE_SHEET_PAGE_SIZE,
    today,
  }
}

/**
 * One sheet with its lines, read-only (getRateSheet): its summary, its schedule (departure days, transit,
 * cut-offs, free days), the dangerous goods classes it refuses, every charge line in the file's order, and
 * the other sheets of its lane that end today or later. Undefined when there is no such sheet.
 */
export async function rateSheetDetail(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<RateSheetDetail | undefined> {
  const row = await db
    .selectFrom('rate_lanes as l')
    .selectAll('l')
    .select(laneLastDay.as('lane_last_day'))
    .where('l.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const today = singaporeDateOf(now)
  const [lines, lane, fx] = await Promise.all([
    db.selectFrom('rate_charges').selectAll().where('lane_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('rate_lanes')
      .select(['id', 'valid_from', 'valid_to'])
      .where('mode', '=', row.mode)
      .where('origin', '=', row.origin)
      .where('destination', '=', row.destination)
      .where('carrier', '=', row.carrier)
      .where('service', '=', row.service)
      .where('id', '<>', id)
      .where('valid_to', '>=', today)
      .orderBy('valid_from')
      .execute(),
    fxRates(db),
  ])
  const sheet = sheetOf(row, lines.map(chargeOf))
  return {
    sheet: summaryOf(sheet, today, row.lane_last_day < addDays(today, EXPIRING_WITHIN_DAYS), fx),
    schedule: {
      departureDays: sheet.departureDays,
      cargoCutoffDays: sheet.cargoCutoffDays,
      docCutoffDays: sheet.docCutoffDays,
      freeDays: sheet.freeDays,
    },
    refusedDgClasses: sheet.refusedDgClasses,
    charges: sheet.charges,
    laneSheets: lane.map((other) => ({
      id: other.id,
      validFrom: other.valid_from,
      validTo: other.valid_to,
      status: other.valid_from > today ? 'upcoming' : 'current',
    })),
    today,
  }
}
