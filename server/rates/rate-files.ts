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
import { type Kysely, sql } from 'kysely'
import { addDays, singaporeDateOf } from '../../contract/dates'
import { compareReference, type PricedSheet, referenceTotal } from '../../contract/pricing/reference'
import { type FxRates, type Mode, weightBreaks } from '../../contract/pricing/types'
import type { RateFileInput, RateFileReport, RateLaneKey, RemovedSheet } from '../../contract/rate-files'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { refreshLocationRanks } from '../locations/locations'
import { type NewLane, parseRatesCsv } from './csv'
import { fxRates, insertLanes } from './reference-rates'
import { tariffSheets } from './stored-sheets'

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
