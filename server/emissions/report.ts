/**
 * A company's emissions report (docs/emissions.md "The report"): its bookings of the period's days (created
 * in Singapore's months from `from` to `to`), each with its figure in force (the newest row of
 * booking_emissions), built by contract `emissionsReport`; and the report as CSV. Nothing here writes.
 */
import { stringify } from 'csv-stringify/sync'
import type { Kysely } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import {
  type EmissionsPeriod,
  type EmissionsReport,
  emissionsReport,
  kgText,
  periodDays,
  type ReportSum,
} from '../../contract/emissions-report'
import type { Database } from '../db/schema'

/** Midnight in Singapore at the start of `day` (YYYY-MM-DD). */
const singaporeMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`)

/** The company's bookings made in the period, each with its figure in force (or none). */
function rowsOf(db: Kysely<Database>, customerId: number, period: EmissionsPeriod) {
  const { first, last } = periodDays(period)
  const end = new Date(singaporeMidnight(last).getTime() + 86_400_000)
  return db
    .selectFrom('bookings as b')
    .leftJoin('booking_emissions as e', (join) =>
      join.onRef('e.booking_id', '=', 'b.id').on('e.id', '=', (eb) =>
        eb
          .selectFrom('booking_emissions as newest')
          .select((inner) => inner.fn.max('newest.id').as('id'))
          .whereRef('newest.booking_id', '=', 'b.id'),
      ),
    )
    .leftJoin('locations as o', 'o.code', 'b.origin')
    .leftJoin('locations as d', 'd.code', 'b.destination')
    .select([
      'b.number',
      'b.status',
      'b.created_at',
      'b.mode',
      'b.origin',
      'b.destination',
      'b.carrier',
      'o.name as origin_name',
      'd.name as destination_name',
      'e.figure',
      'e.factors',
      'e.reason',
      'e.counted_at',
    ])
    .where('b.customer_id', '=', customerId)
    .where('b.created_at', '>=', singaporeMidnight(first))
    .where('b.created_at', '<', end)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute()
}

/** The report of company `customerId` for `period`, made `now`. */
export async function companyEmissionsReport(
  db: Kysely<Database>,
  customerId: number,
  period: EmissionsPeriod,
  now: Date,
): Promise<EmissionsReport> {
  const [company, rows] = await Promise.all([
    db.selectFrom('customers').select(['id', 'name']).where('id', '=', customerId).executeTakeFirstOrThrow(),
    rowsOf(db, customerId, period),
  ])
  return emissionsReport(
    company,
    period,
    rows.map((row) => ({
      number: row.number,
      status: row.status,
      createdAt: row.created_at,
      mode: row.mode,
      origin: { code: row.origin, name: row.origin_name ?? row.origin },
      destination: { code: row.destination, name: row.destination_name ?? row.destination },
      carrier: row.carrier,
      emissions:
        row.figure && row.factors && row.reason && row.counted_at
          ? { figure: row.figure, factors: row.factors, reason: row.reason, countedAt: row.counted_at }
          : null,
    })),
    singaporeDateOf(now),
  )
}

/** The columns of the CSV, in order (its header row). */
export const emissionsCsvColumns = [
  'booking_number',
  'booking_date',
  'mode',
  'origin',
  'origin_name',
  'destination',
  'destination_name',
  'carrier',
  'mass_kg',
  'mass_basis',
  'distance_km',
  'wtw_kg_co2e',
  'ttw_kg_co2e',
  'wtw_g_co2e',
  'ttw_g_co2e',
  'factors_version',
  'factors_source',
  'counted',
  'counted_at',
] as const

/** Free text as a spreadsheet reads it: never a formula (a leading =, +, -, @, tab or return is quoted by '). */
const textCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/** Whole grams as kg with one decimal (the grams' columns keep them exact). */
const kgOf = (grams: number) => kgText(grams / 1000, false)

/**
 * The report as CSV: a header row, one row per booking (kg with one decimal, grams exact; a booking not
 * counted says so), then the total rows, by mode, by month and of the period, labelled in the first column,
 * their sums in the booking rows' columns and how many bookings they count in `counted`.
 */
export function emissionsCsv(report: EmissionsReport): string {
  const bookingRows = report.bookings.map((b) => {
    const f = b.figure
    const cells = f
      ? [
          kgText(f.massKg, false),
          f.massBasis,
          String(f.distanceKm),
          kgOf(f.wtwGrams),
          kgOf(f.ttwGrams),
          String(f.wtwGrams),
          String(f.ttwGrams),
          textCell(f.factorsVersion),
          textCell(f.factorsSource),
          f.countedText,
          f.countedAt,
        ]
      : ['', '', '', '', '', '', '', '', '', 'not counted', '']
    return [
      b.number,
      b.bookedOn,
      b.mode,
      b.origin.code,
      textCell(b.origin.name),
      b.destination.code,
      textCell(b.destination.name),
      textCell(b.carrier),
      ...cells,
    ]
  })
  const total = (label: string, sum: ReportSum) => [
    label,
    ...Array.from({ length: 10 }, () => ''),
    kgOf(sum.wtwGrams),
    kgOf(sum.ttwGrams),
    String(sum.wtwGrams),
    String(sum.ttwGrams),
    '',
    '',
    `${sum.counted} counted, ${sum.notCounted} not counted`,
    '',
  ]
  const totals = [
    ...report.byMode.map((sum) => total(`Total ${sum.mode}`, sum)),
    ...report.byMonth.map((sum) => total(`Total ${sum.month}`, sum)),
    total(`Total ${report.period.from} to ${report.period.to}`, report.totals),
  ]
  return stringify([[...emissionsCsvColumns], ...bookingRows, ...totals], { record_delimiter: '\r\n' })
}
