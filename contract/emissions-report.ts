/**
 * The emissions report (issue 38 part 4, docs/emissions.md "The report"): a company's bookings of a period of
 * months (by the booking's date in Singapore), each with the figure in force (the newest count of
 * booking_emissions), in total, by mode and by month, with the method, every factors version used with its
 * source, and the data quality: what a shipper hands an auditor for its Scope 3 transport emissions. One zod
 * schema of the period for the server's query and the page's form; the report built here, pure.
 *
 * Integer grams throughout: each figure's grams are whole (contract/emissions.ts), and every total is the
 * exact sum of the figures under it. Cancelled bookings are left out; a booking of the period without a
 * figure (a place without coordinates) is listed as not counted and counted as such in each total.
 */
import { z } from 'zod'
import { singaporeDateOf } from './dates'
import {
  type EmissionFactors,
  type EmissionsReason,
  emissionsReasonText,
  type MassBasis,
  type ShipmentEmissions,
} from './emissions'
import { type Mode, modes } from './pricing/types'
import { groupedNumber } from './text'
import { calendarDay } from './times'

/** The longest period a report covers, in months. */
export const EMISSIONS_REPORT_MAX_MONTHS = 24

export const emissionsReportMessages = {
  fromRequired: 'Choose the first month of the period.',
  toRequired: 'Choose the last month of the period.',
  monthFormat: 'Write the month as YYYY-MM, for example 2026-01.',
  periodOrder: 'The period must end in or after the month it starts.',
  periodTooLong: `A report covers at most ${EMISSIONS_REPORT_MAX_MONTHS} months: choose a shorter period.`,
} as const

const MONTH = /^[1-9]\d{3}-(0[1-9]|1[0-2])$/

/** A month: missing or empty says choose one, anything else not YYYY-MM says how to write it. */
const month = (required: string) =>
  z
    .string(required)
    .min(1, { error: required, abort: true })
    .regex(MONTH, emissionsReportMessages.monthFormat)

/** A month's number (months since year 0), for arithmetic. */
const monthNumber = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1
const monthOfNumber = (n: number) => `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`

/** The months of the period (`from` to `to`, YYYY-MM), inclusive: 1 when they are the same. */
export const monthCount = (from: string, to: string) => monthNumber(to) - monthNumber(from) + 1

/** The period of a report: its first and last month (YYYY-MM), the first not after the last, 24 at most. */
export const emissionsPeriodSchema = z
  .object({
    from: month(emissionsReportMessages.fromRequired),
    to: month(emissionsReportMessages.toRequired),
  })
  .superRefine((period, ctx) => {
    if (!MONTH.test(period.from) || !MONTH.test(period.to)) return
    const count = monthCount(period.from, period.to)
    if (count < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: emissionsReportMessages.periodOrder })
    else if (count > EMISSIONS_REPORT_MAX_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: emissionsReportMessages.periodTooLong })
  })
export type EmissionsPeriod = z.output<typeof emissionsPeriodSchema>

/** The period a page opens with: the calendar year to date, `today` being Singapore's. */
export const defaultEmissionsPeriod = (today: string): EmissionsPeriod => ({
  from: `${today.slice(0, 4)}-01`,
  to: today.slice(0, 7),
})

/** Every month of the period, oldest first. */
export function monthsOf(period: EmissionsPeriod): string[] {
  const first = monthNumber(period.from)
  return Array.from({ length: Math.max(0, monthCount(period.from, period.to)) }, (_, i) =>
    monthOfNumber(first + i),
  )
}

/** The days of a month (YYYY-MM): day 0 of the next month is its last. */
const daysIn = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate()

/** The period's first and last day (YYYY-MM-DD). */
export const periodDays = (period: EmissionsPeriod) => ({
  first: `${period.from}-01`,
  last: `${period.to}-${String(daysIn(period.to)).padStart(2, '0')}`,
})

/** "Jan 2026". */
export const monthText = (m: string) => calendarDay(`${m}-01`).replace(/^1 /, '')

/** "Jan 2026 to Dec 2026", or "Mar 2026" for one month. */
export const periodText = (period: EmissionsPeriod) =>
  period.from === period.to ? monthText(period.from) : `${monthText(period.from)} to ${monthText(period.to)}`

export const emissionsModeNames: Record<Mode, string> = {
  FCL: 'Sea, full container (FCL)',
  LCL: 'Sea, shared container (LCL)',
  AIR: 'Air',
}

export const massBasisNames: Record<MassBasis, string> = {
  declared: 'declared gross weights',
  'default payload': 'default payload of 10,000 kg per TEU',
  'gross weight': 'gross weight of the cargo',
}

// ---- The report's wire ------------------------------------------------------------------------------------

export interface ReportPlace {
  code: string
  name: string
}

/** A booking's figure as the report lists it. */
export interface ReportFigure {
  massKg: number
  massBasis: MassBasis
  /** The legs' distances summed, in whole km. */
  distanceKm: number
  wtwGrams: number
  ttwGrams: number
  factorsVersion: string
  factorsSource: string
  reason: EmissionsReason
  /** "when booked", "when operations confirmed the route", "after booking". */
  countedText: string
  countedAt: string
}

export interface ReportBooking {
  number: string
  /** The booking's date in Singapore (YYYY-MM-DD). */
  bookedOn: string
  mode: Mode
  origin: ReportPlace
  destination: ReportPlace
  carrier: string
  /** Null: not counted (no figure). */
  figure: ReportFigure | null
}

/** What a group of bookings (all, a mode, a month) adds up to. */
export interface ReportSum {
  bookings: number
  counted: number
  notCounted: number
  wtwGrams: number
  ttwGrams: number
}

export interface EmissionsReport {
  company: { id: number; name: string }
  period: EmissionsPeriod & { firstDay: string; lastDay: string }
  /** The day it was made (Singapore). */
  asOf: string
  totals: ReportSum
  /** FCL, LCL and AIR, each always there. */
  byMode: (ReportSum & { mode: Mode })[]
  /** Every month of the period, oldest first, zero when it had none. */
  byMonth: (ReportSum & { month: string })[]
  /** Oldest first (the booking's date, then its number). */
  bookings: ReportBooking[]
  method: string
  /** Every factors version a figure used, in the order first met, with each factor and its source. */
  factors: EmissionFactors[]
  dataQuality: string
}

/** A booking as the server reads it, with its figure in force (null when none was counted). */
export interface ReportRow {
  number: string
  status: string
  /** When it was booked (an instant). */
  createdAt: string | Date
  mode: Mode
  origin: ReportPlace
  destination: ReportPlace
  carrier: string
  emissions: {
    figure: ShipmentEmissions
    factors: EmissionFactors
    reason: EmissionsReason
    countedAt: string | Date
  } | null
}

export const reportMethodText =
  'Counted by ISO 14083:2023 and the GLEC Framework v3. Each booking: the sum over its legs (door pickup, the ' +
  "main carriage port to port or airport to airport, door delivery) of the cargo's mass × the leg's distance " +
  "× the emission intensity of the leg's mode, reported well-to-wheel (WTW: the fuel produced, carried and " +
  'burnt) with tank-to-wheel (TTW: burnt) beside it, in CO2e. Sea distances as sailed on the sea-route ' +
  'network, air as the great circle plus 95 km, road as the outer bound of the trucking zone. Mass: FCL the ' +
  "containers' declared gross weights (else a default payload of 10,000 kg per TEU, as stated per booking); " +
  "LCL and air the cargo's gross weight. Each leg is rounded to the whole gram; every total is the exact sum " +
  "of its bookings' grams. A booking is counted by the figure in force (the newest, after a route changed); " +
  'cancelled bookings are left out.'

export const reportDataQualityText =
  "Default factors: the lowest tier of ISO 14083 (modelled with published default intensities, not the carriers' " +
  'measured fuel). A carrier’s own figures, when they come, are a better tier.'

/** Kg to one decimal, half up: "1234.5" (`grouped`: "1,234.5"), as the report writes a mass. */
export function kgText(kg: number, grouped = true): string {
  const tenths = Math.round(kg * 10)
  const whole = Math.floor(tenths / 10)
  return `${grouped ? groupedNumber(whole) : String(whole)}.${tenths - whole * 10}`
}

const emptySum = (): ReportSum => ({ bookings: 0, counted: 0, notCounted: 0, wtwGrams: 0, ttwGrams: 0 })

function add(sum: ReportSum, booking: ReportBooking) {
  sum.bookings += 1
  if (!booking.figure) {
    sum.notCounted += 1
    return
  }
  sum.counted += 1
  sum.wtwGrams += booking.figure.wtwGrams
  sum.ttwGrams += booking.figure.ttwGrams
}

const instant = (at: string | Date) => (typeof at === 'string' ? at : at.toISOString())

/** A row's booking as the report lists it. */
function bookingOf(row: ReportRow): ReportBooking {
  const e = row.emissions
  return {
    number: row.number,
    bookedOn: singaporeDateOf(row.createdAt),
    mode: row.mode,
    origin: row.origin,
    destination: row.destination,
    carrier: row.carrier,
    figure: e
      ? {
          massKg: e.figure.mass.kg,
          massBasis: e.figure.mass.basis,
          distanceKm: e.figure.legs.reduce((sum, leg) => sum + leg.distanceKm, 0),
          wtwGrams: e.figure.wtwGrams,
          ttwGrams: e.figure.ttwGrams,
          factorsVersion: e.figure.factorsVersion,
          factorsSource: e.factors.source,
          reason: e.reason,
          countedText: emissionsReasonText[e.reason],
          countedAt: instant(e.countedAt),
        }
      : null,
  }
}

/**
 * The report of `company` for `period` from its bookings' rows (any: those of other periods and the cancelled
 * ones are left out here), made on `asOf` (Singapore).
 */
export function emissionsReport(
  company: EmissionsReport['company'],
  period: EmissionsPeriod,
  rows: readonly ReportRow[],
  asOf: string,
): EmissionsReport {
  const { first, last } = periodDays(period)
  const kept = rows
    .filter((row) => row.status !== 'Cancelled')
    .map((row) => ({ row, booking: bookingOf(row) }))
    .filter(({ booking }) => booking.bookedOn >= first && booking.bookedOn <= last)
    .sort(({ booking: a }, { booking: b }) =>
      a.bookedOn === b.bookedOn ? a.number.localeCompare(b.number) : a.bookedOn.localeCompare(b.bookedOn),
    )
  const bookings = kept.map(({ booking }) => booking)
  const totals = emptySum()
  const byMode = modes.map((mode) => ({ mode, ...emptySum() }))
  const byMonth = monthsOf(period).map((m) => ({ month: m, ...emptySum() }))
  for (const booking of bookings) {
    add(totals, booking)
    const mode = byMode.find((sum) => sum.mode === booking.mode)
    if (mode) add(mode, booking)
    const m = byMonth.find((sum) => sum.month === booking.bookedOn.slice(0, 7))
    if (m) add(m, booking)
  }
  const factors = new Map<string, EmissionFactors>()
  for (const { row } of kept) {
    const e = row.emissions
    if (e && !factors.has(e.factors.version)) factors.set(e.factors.version, e.factors)
  }
  return {
    company,
    period: { from: period.from, to: period.to, firstDay: first, lastDay: last },
    asOf,
    totals,
    byMode,
    byMonth,
    bookings,
    method: reportMethodText,
    factors: [...factors.values()],
    dataQuality: reportDataQualityText,
  }
}

/** What the report says of its bookings without a figure, or null when every one is counted. */
export function notCountedText(sum: Pick<ReportSum, 'notCounted'>): string | null {
  if (sum.notCounted === 0) return null
  const one = sum.notCounted === 1
  return one
    ? '1 booking of the period is not counted: its route has a place whose position is not known, so it has no figure (never a guess) and is not in the totals.'
    : `${groupedNumber(sum.notCounted)} bookings of the period are not counted: their routes have a place whose position is not known, so they have no figure (never a guess) and are not in the totals.`
}

// ---- Paths and file names ----------------------------------------------------------------------------------

export const emissionsReportPaths = {
  /** Customer (their company): GET emissionsPeriodSchema → EmissionsReport */
  report: '/api/emissions',
  /** Customer: GET emissionsPeriodSchema → text/csv */
  csv: '/api/emissions.csv',
  /** Customer: GET emissionsPeriodSchema → application/pdf */
  pdf: '/api/emissions.pdf',
} as const

/** "Emissions-Lion-City-Exports-2026-01-to-2026-06.csv". */
export const emissionsFileName = (companyName: string, period: EmissionsPeriod, extension: 'csv' | 'pdf') =>
  `Emissions-${companyName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report'}-${period.from}-to-${period.to}.${extension}`
