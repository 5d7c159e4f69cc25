/**
 * A rate file compared with the sheets stored, and applied (issue 23; docs/pricing.md, "The pricing desk").
 * One code path for the console, `npm run rates` and integrations: `dryRunRateFile` compares and writes
 * nothing; `applyRateFile` compares again inside one transaction and writes it all, with its audit row, or
 * nothing when a row is refused.
 *
 * A rate file is a carrier's tariff for a mode. For each (mode, carrier) it names:
 * - each sheet it lists is added, or replaces the stored sheet of the same lane and valid-from (changed, or
 *   unchanged when every term and charge line is the same);
 * - each stored sheet in force or upcoming (valid to today or later, Singapore date) that it does not list is
 *   removed: one in force since before today ends yesterday (kept as history), one not begun yet, or begun
 *   only today, is deleted;
 * - sheets of other carriers and modes, and sheets that ended before today, are not touched.
 * Quotes keep the sheet they were priced on (quote_options.lane) and their total: nothing here changes them.
 */
import { createHash } from 'node:crypto'
import { type Kysely, type Selectable, sql } from 'kysely'
import { addDays, singaporeDateOf } from '../../contract/dates'
import { compareReference, type PricedSheet, referenceTotal } from '../../contract/pricing/reference'
import {
  type ChargeLine,
  type ContainerType,
  type FxRates,
  type KgBreaks,
  type Mode,
  type RateLane,
  weightBreaks,
} from '../../contract/pricing/types'
import {
  EXPIRING_WITHIN_DAYS,
  RATE_SHEET_PAGE_SIZE,
  type RateFileInput,
  type RateFileReport,
  type RateLaneKey,
  type RateSheetPage,
  type RateSheetQuery,
  type RateSheetSummary,
  type RemovedSheet,
} from '../../contract/rate-files'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { Database } from '../db/schema'
import type { RateChargesTable, RateLanesTable } from '../db/schema/rates'
import { refreshLocationRanks } from '../locations/locations'
import { type NewLane, parseRatesCsv } from './csv'
import { fxRates, insertLanes } from './reference-rates'

/** A stored sheet with its id. */
type StoredSheet = RateLane

/** What a file must agree with: the known places, and the exchange rates (also used to price). */
interface FileContext {
  kinds: Map<string, string>
  fx: FxRates
}

async function fileContext(db: Kysely<Database>): Promise<FileContext> {
  const places = await db.selectFrom('locations').select(['code', 'kind']).execute()
  return { kinds: new Map(places.map((place) => [place.code, place.kind])), fx: await fxRates(db) }
}

const sheetKey = (s: RateLaneKey & { validFrom: string }) =>
  `${s.mode}|${s.origin}|${s.destination}|${s.carrier}|${s.service}|${s.validFrom}`
const tariffKey = (mode: Mode, carrier: string) => `${mode}|${carrier}`

/** The terms and charge lines of a sheet, in one canonical text (order of lines, breaks and days ignored). */
function contentOf(sheet: NewLane): string {
  const charges = sheet.charges
    .map((c) => [
      c.code,
      c.containerType ?? '',
      c.name,
      c.side,
      c.basis,
      c.currency,
      c.amount,
      c.breaks ? weightBreaks.map((b) => c.breaks?.[b] ?? null) : null,
      c.minimum,
      c.hazardousOnly === true,
    ])
    .sort((a, b) => {
      const x = `${a[0]}|${a[1]}`
      const y = `${b[0]}|${b[1]}`
      return x < y ? -1 : x > y ? 1 : 0
    })
  return JSON.stringify([
    sheet.transitDays,
    [...sheet.departureDays].sort(),
    sheet.cargoCutoffDays,
    sheet.docCutoffDays,
    sheet.freeDays,
    sheet.validTo,
    sheet.currency,
    [...sheet.refusedDgClasses].sort(),
    charges,
  ])
}

function chargeOf(row: Selectable<RateChargesTable>): ChargeLine {
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

function sheetOf(row: Selectable<RateLanesTable>, charges: ChargeLine[]): StoredSheet {
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
async function tariffSheets(
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

const laneOf = (s: RateLaneKey & { validFrom: string; validTo: string }) => ({
  mode: s.mode,
  origin: s.origin,
  destination: s.destination,
  carrier: s.carrier,
  service: s.service,
  validFrom: s.validFrom,
  validTo: s.validTo,
})

const byLane = <T extends RateLaneKey & { validFrom: string }>(a: T, b: T) => {
  const x = sheetKey(a)
  const y = sheetKey(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** What applying the file would do: the report, and the writes that make it so. */
interface Plan {
  report: RateFileReport
  write: NewLane[]
  end: number[]
  remove: number[]
}

/** The file's name, size and SHA-256 (of its text as UTF-8). */
function fileFacts(file: RateFileInput): RateFileReport['file'] {
  const bytes = Buffer.from(file.csv, 'utf8')
  return { name: file.name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** Compares the file with the stored sheets on `now`'s Singapore date (reads only). */
async function plan(db: Kysely<Database>, file: RateFileInput, now: Date): Promise<Plan> {
  const today = singaporeDateOf(now)
  const ctx = await fileContext(db)
  const { lanes, problems } = parseRatesCsv(file.csv, {
    isPlace: (code, mode) => ctx.kinds.get(code) === (mode === 'AIR' ? 'airport' : 'port'),
    isCurrency: (code) => ctx.fx[code] !== undefined,
  })
  const report: RateFileReport = {
    file: fileFacts(file),
    today,
    tariffs: [],
    refused: problems,
    added: [],
    changed: [],
    removed: [],
    unchanged: 0,
    sheets: lanes.length,
    charges: lanes.reduce((n, lane) => n + lane.charges.length, 0),
  }
  const none: Plan = { report, write: [], end: [], remove: [] }
  if (problems.length > 0) return none

  const tariffs = new Map<string, { mode: Mode; carrier: string }>()
  let since = today
  for (const lane of lanes) {
    tariffs.set(tariffKey(lane.mode, lane.carrier), { mode: lane.mode, carrier: lane.carrier })
    if (lane.validFrom < since) since = lane.validFrom
  }
  report.tariffs = [...tariffs.values()].sort((a, b) =>
    tariffKey(a.mode, a.carrier) < tariffKey(b.mode, b.carrier) ? -1 : 1,
  )
  const stored = await tariffSheets(db, report.tariffs, since)
  const storedByKey = new Map(stored.map((sheet) => [sheetKey(sheet), sheet]))
  const listed = new Set<string>()
  const write: NewLane[] = []
  for (const lane of lanes) {
    const key = sheetKey(lane)
    listed.add(key)
    const before = storedByKey.get(key)
    if (!before) {
      report.added.push({ ...laneOf(lane), reference: referenceTotal(lane as PricedSheet, ctx.fx) })
      write.push(lane)
    } else if (contentOf(before) === contentOf(lane)) {
      report.unchanged += 1
    } else {
      const compared = compareReference(before, lane as PricedSheet, ctx.fx)
      report.changed.push({
        ...laneOf(lane),
        previousValidTo: before.validTo,
        referenceLabel: compared.label,
        beforeUsd: compared.beforeUsd,
        afterUsd: compared.afterUsd,
        changePercent: compared.changePercent,
      })
      write.push(lane)
    }
  }
  const yesterday = addDays(today, -1)
  const end: number[] = []
  const remove: number[] = []
  for (const sheet of stored) {
    if (listed.has(sheetKey(sheet)) || sheet.validTo < today) continue
    const ends = sheet.validFrom < today
    const removed: RemovedSheet = {
      ...laneOf(sheet),
      outcome: ends ? 'ended' : 'deleted',
      endsOn: ends ? yesterday : null,
      reference: referenceTotal(sheet, ctx.fx),
    }
    report.removed.push(removed)
    ;(ends ? end : remove).push(sheet.id)
  }
  report.added.sort(byLane)
  report.changed.sort(byLane)
  report.removed.sort(byLane)
  return { report, write, end, remove }
}

/** The dry run: what the file would change, written nowhere. */
export function dryRunRateFile(
  db: Kysely<Database>,
  file: RateFileInput,
  now: Date,
): Promise<RateFileReport> {
  return plan(db, file, now).then((p) => p.report)
}

export type ApplyOutcome = { ok: true; report: RateFileReport } | { ok: false; report: RateFileReport }

const CHUNK = 1_000

/**
 * Applies the file in one transaction, with one audit row (`rates.applied`), or nothing at all when a row is
 * refused. Concurrent applies run one after the other (the table lock); quotes keep reading meanwhile. When
 * it commits, the database notifies `rate_sheets` (migration 0011) and every server process drops the sheets
 * it held.
 */
export async function applyRateFile(
  db: Kysely<Database>,
  file: RateFileInput,
  audit: AuditContext,
  now: Date,
): Promise<ApplyOutcome> {
  return db.transaction().execute(async (trx) => {
    // Writers of the sheets wait for each other; readers (quotes) do not wait.
    await sql`lock table rate_lanes in share row exclusive mode`.execute(trx)
    const { report, write, end, remove } = await plan(trx, file, now)
    if (report.refused.length > 0) return { ok: false as const, report }
    if (write.length > 0) await insertLanes(trx, write, 'import')
    for (let i = 0; i < end.length; i += CHUNK) {
      await trx
        .updateTable('rate_lanes')
        .set({ valid_to: addDays(report.today, -1) })
        .where('id', 'in', end.slice(i, i + CHUNK))
        .execute()
    }
    for (let i = 0; i < remove.length; i += CHUNK) {
      await trx
        .deleteFrom('rate_lanes')
        .where('id', 'in', remove.slice(i, i + CHUNK))
        .execute()
    }
    if (write.length > 0 || remove.length > 0) await refreshLocationRanks(trx)
    await appendAudit(
      trx,
      {
        ...audit,
        action: 'rates.applied',
        recordType: 'rate_file',
        recordId: report.file.sha256,
        customerId: null,
        changes: createdFields({
          file: report.file.name,
          bytes: report.file.bytes,
          sha256: report.file.sha256,
          tariffs: report.tariffs.map((t) => `${t.mode} ${t.carrier}`).join('; '),
          sheets: report.sheets,
          charges: report.charges,
          added: report.added.length,
          changed: report.changed.length,
          removed: report.removed.length,
          unchanged: report.unchanged,
        }),
      },
      now,
    )
    return { ok: true as const, report }
  })
}

// ---- The desk's list ------------------------------------------------------------------------------------

/** The last day of any sheet of the lane of `l` (a row of rate_lanes as l). */
const laneLastDay = sql<string>`(
  select max(m.valid_to) from rate_lanes m
  where m.mode = l.mode and m.origin = l.origin and m.destination = l.destination
    and m.carrier = l.carrier and m.service = l.service)`

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

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
  const sheets = rows.map((row): RateSheetSummary => {
    const sheet = sheetOf(row, charges.get(row.id) ?? [])
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
      laneExpiring: row.lane_last_day < soon,
    }
  })
  return {
    sheets,
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
    page,
    pageSize: RATE_SHEET_PAGE_SIZE,
    today,
  }
}
