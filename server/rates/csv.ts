import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { departureDaysText, parseDepartureDays } from '../../contract/pricing/schedule'
import {
  type ChargeBasis,
  type ChargeLine,
  type ChargeSide,
  type ContainerType,
  chargeBases,
  chargeSides,
  containerTypes,
  type KgBreaks,
  type Mode,
  modes,
  type RateLane,
  type WeightBreak,
  weightBreaks,
} from '../../contract/pricing/types'

// The pricing team's file: one row per charge line; the lane's columns repeat on each of its rows. Money
// in major units with up to two decimals (653, 653.00, 0.85), percentages in percent (0.35 = 0.35 %).
// The schedule and free-time columns (`scheduleColumns`) may be left out of the header: a file written
// before them still imports, its sheets without a schedule or free time.

export const csvColumns = [
  'mode',
  'origin',
  'destination',
  'carrier',
  'service',
  'transit_days',
  'departure_days',
  'cargo_cutoff_days',
  'doc_cutoff_days',
  'free_days',
  'valid_from',
  'valid_to',
  'currency',
  'refused_dg_classes',
  'code',
  'name',
  'side',
  'basis',
  'container_type',
  'charge_currency',
  'amount',
  'minimum',
  'breaks',
  'hazardous_only',
] as const

type Column = (typeof csvColumns)[number]
type Row = Record<Column, string>

/** Columns a header may leave out (each read as empty on every row). */
export const scheduleColumns: readonly Column[] = [
  'departure_days',
  'cargo_cutoff_days',
  'doc_cutoff_days',
  'free_days',
]

/** The most days before departure a cut-off may be, and the most free days (migration 0015's checks). */
export const CUTOFF_DAYS_MAX = 14
export const FREE_DAYS_MAX = 90

export type NewLane = Omit<RateLane, 'id'>

export interface CsvProblem {
  /** The line of the file, the header being line 1. */
  row: number
  reason: string
}

export interface ParsedRates {
  lanes: NewLane[]
  problems: CsvProblem[]
}

/** What the file must agree with: known places per mode and known currencies. */
export interface CsvContext {
  isPlace(code: string, mode: Mode): boolean
  isCurrency(code: string): boolean
}

const moneyPattern = /^\d{1,9}(\.\d{1,2})?$/

function money(text: string, what: string): number {
  if (!moneyPattern.test(text))
    throw new Error(`${what} must be an amount with at most 2 decimals, got "${text}"`)
  const [whole = '0', fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/
function date(text: string, what: string): string {
  if (
    !isoDate.test(text) ||
    Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ||
    new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text
  ) {
    throw new Error(`${what} must be a date as YYYY-MM-DD, got "${text}"`)
  }
  return text
}

function oneOf<T extends string>(list: readonly T[], text: string, what: string): T {
  if (!(list as readonly string[]).includes(text))
    throw new Error(`${what} must be one of ${list.join(', ')}, got "${text}"`)
  return text as T
}

function breaksOf(text: string): KgBreaks {
  const breaks: Partial<Record<WeightBreak, number>> = {}
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split('=').map((p) => p.trim())
    const key = oneOf(weightBreaks, name, 'a weight break')
    breaks[key] = money(value, `break ${key}`)
  }
  if (breaks['-45'] === undefined)
    throw new Error('breaks must give the -45 rate, as "-45=4.60;+45=3.90;..."')
  return breaks as KgBreaks
}

/** A whole number of days from 0 to `max`; `fallback` when the cell is empty. */
function days<T extends number | null>(text: string, what: string, max: number, fallback: T): number | T {
  if (text === '') return fallback
  if (!/^\d{1,3}$/.test(text) || Number(text) > max)
    throw new Error(`${what} must be a whole number of days from 0 to ${max}, got "${text}"`)
  return Number(text)
}

/** The schedule and free time of a lane's row. */
function scheduleOf(
  row: Row,
): Pick<NewLane, 'departureDays' | 'cargoCutoffDays' | 'docCutoffDays' | 'freeDays'> {
  const departureDays = parseDepartureDays(row.departure_days)
  if (departureDays === null) {
    throw new Error(`departure_days must be weekdays such as MON;THU, or daily, got "${row.departure_days}"`)
  }
  if (departureDays.length > 0) {
    for (const column of ['cargo_cutoff_days', 'doc_cutoff_days'] as const) {
      if (row[column] === '') throw new Error(`${column} is required with departure_days`)
    }
  }
  return {
    departureDays,
    cargoCutoffDays: days(row.cargo_cutoff_days, 'cargo_cutoff_days', CUTOFF_DAYS_MAX, 0),
    docCutoffDays: days(row.doc_cutoff_days, 'doc_cutoff_days', CUTOFF_DAYS_MAX, 0),
    freeDays: days(row.free_days, 'free_days', FREE_DAYS_MAX, null),
  }
}

function flag(text: string): boolean {
  const value = text.trim().toLowerCase()
  if (['', 'no', 'false', '0'].includes(value)) return false
  if (['yes', 'true', '1'].includes(value)) return true
  throw new Error(`hazardous_only must be yes or no, got "${text}"`)
}

function charge(row: Row, ctx: CsvContext): ChargeLine {
  const side: ChargeSide = oneOf(chargeSides, row.side, 'side')
  const basis: ChargeBasis = oneOf(chargeBases, row.basis, 'basis')
  const currency = row.charge_currency || row.currency
  if (!ctx.isCurrency(currency)) throw new Error(`no exchange rate for the currency "${currency}"`)
  if (!row.code) throw new Error('code is required')
  if (!row.name) throw new Error('name is required')
  let containerType: ContainerType | undefined
  if (basis === 'container') containerType = oneOf(containerTypes, row.container_type, 'container_type')
  else if (row.container_type)
    throw new Error(`container_type belongs to the container basis only, not ${basis}`)
  const breaks = row.breaks ? breaksOf(row.breaks) : undefined
  if (breaks && basis !== 'kg') throw new Error(`breaks belong to the kg basis only, not ${basis}`)
  const amount = basis === 'kg' && breaks && !row.amount ? 0 : money(row.amount, 'amount')
  return {
    code: row.code,
    name: row.name,
    side,
    basis,
    currency,
    amount,
    ...(containerType ? { containerType } : {}),
    ...(breaks ? { breaks } : {}),
    minimum: row.minimum ? money(row.minimum, 'minimum') : 0,
    ...(flag(row.hazardous_only) ? { hazardousOnly: true } : {}),
  }
}

function laneOf(row: Row, ctx: CsvContext): NewLane {
  const mode = oneOf(modes, row.mode, 'mode')
  const place = (code: string, what: string) => {
    const upper = code.toUpperCase()
    if (!ctx.isPlace(upper, mode)) {
      throw new Error(
        `${what} "${code}" is not a known ${mode === 'AIR' ? 'airport (IATA code)' : 'port (UN/LOCODE)'}`,
      )
    }
    return upper
  }
  const origin = place(row.origin, 'origin')
  const destination = place(row.destination, 'destination')
  if (origin === destination) throw new Error('origin and destination are the same place')
  if (!row.carrier) throw new Error('carrier is required')
  const transitDays = Number(row.transit_days)
  if (!/^\d{1,3}$/.test(row.transit_days) || transitDays > 120) {
    throw new Error(`transit_days must be a whole number of days up to 120, got "${row.transit_days}"`)
  }
  const validFrom = date(row.valid_from, 'valid_from')
  const validTo = date(row.valid_to, 'valid_to')
  if (validTo < validFrom) throw new Error('valid_to is before valid_from')
  if (!ctx.isCurrency(row.currency)) throw new Error(`no exchange rate for the currency "${row.currency}"`)
  return {
    mode,
    origin,
    destination,
    carrier: row.carrier,
    service: row.service || 'Standard',
    transitDays,
    ...scheduleOf(row),
    validFrom,
    validTo,
    currency: row.currency,
    refusedDgClasses: row.refused_dg_classes
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean),
    charges: [],
  }
}

const laneKey = (lane: NewLane) =>
  [lane.mode, lane.origin, lane.destination, lane.carrier, lane.service, lane.validFrom].join('|')

const laneTerms = (lane: NewLane) =>
  JSON.stringify([
    lane.transitDays,
    lane.departureDays,
    lane.cargoCutoffDays,
    lane.docCutoffDays,
    lane.freeDays,
    lane.validTo,
    lane.currency,
    lane.refusedDgClasses,
  ])

/**
 * Reads a rate file. Every bad row is named with its line and reason; the lanes come back only when there
 * are none, so an import is all or nothing.
 */
export function parseRatesCsv(text: string, ctx: CsvContext): ParsedRates {
  const problems: CsvProblem[] = []
  let records: string[][]
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true })
  } catch (error) {
    return { lanes: [], problems: [{ row: 0, reason: `not a CSV file: ${(error as Error).message}` }] }
  }
  const [header = [], ...body] = records
  const missing = csvColumns.filter((column) => !header.includes(column) && !scheduleColumns.includes(column))
  if (missing.length > 0) {
    return { lanes: [], problems: [{ row: 1, reason: `the header lacks ${missing.join(', ')}` }] }
  }
  if (body.length === 0) return { lanes: [], problems: [{ row: 1, reason: 'the file has no rate rows' }] }
  const lanes = new Map<string, NewLane>()
  body.forEach((cells, index) => {
    const line = index + 2
    const row = Object.fromEntries(
      csvColumns.map((column) => [column, cells[header.indexOf(column)] ?? '']),
    ) as Row
    try {
      const lane = laneOf(row, ctx)
      const line_charge = charge(row, ctx)
      const key = laneKey(lane)
      const existing = lanes.get(key)
      if (existing && laneTerms(existing) !== laneTerms(lane)) {
        throw new Error(
          'its lane repeats with other transit days, schedule, cut-offs, free days, validity, currency or refused classes',
        )
      }
      const target = existing ?? lane
      if (
        target.charges.some(
          (c) => c.code === line_charge.code && c.containerType === line_charge.containerType,
        )
      ) {
        throw new Error(
          `charge ${line_charge.code}${line_charge.containerType ? ` ${line_charge.containerType}` : ''} appears twice in its lane`,
        )
      }
      target.charges.push(line_charge)
      lanes.set(key, target)
    } catch (error) {
      problems.push({ row: line, reason: (error as Error).message })
    }
  })
  return problems.length > 0 ? { lanes: [], problems } : { lanes: [...lanes.values()], problems }
}

const major = (minor: number) => (minor / 100).toFixed(2)

/** Writes lanes in the import format: importing the output again changes nothing. */
export function formatRatesCsv(lanes: RateLane[]): string {
  const rows = lanes.flatMap((lane) =>
    lane.charges.map((c) => ({
      mode: lane.mode,
      origin: lane.origin,
      destination: lane.destination,
      carrier: lane.carrier,
      service: lane.service,
      transit_days: String(lane.transitDays),
      departure_days: departureDaysText(lane.departureDays),
      // A sheet without a schedule leaves its cut-offs empty, unless it states them.
      cargo_cutoff_days:
        lane.departureDays.length > 0 || lane.cargoCutoffDays !== 0 ? String(lane.cargoCutoffDays) : '',
      doc_cutoff_days:
        lane.departureDays.length > 0 || lane.docCutoffDays !== 0 ? String(lane.docCutoffDays) : '',
      free_days: lane.freeDays === null ? '' : String(lane.freeDays),
      valid_from: lane.validFrom,
      valid_to: lane.validTo,
      currency: lane.currency,
      refused_dg_classes: lane.refusedDgClasses.join(';'),
      code: c.code,
      name: c.name,
      side: c.side,
      basis: c.basis,
      container_type: c.containerType ?? '',
      charge_currency: c.currency === lane.currency ? '' : c.currency,
      amount: c.breaks && c.amount === 0 ? '' : major(c.amount),
      minimum: c.minimum ? major(c.minimum) : '',
      breaks: c.breaks
        ? weightBreaks
            .filter((b) => c.breaks?.[b] !== undefined)
            .map((b) => `${b}=${major(c.breaks?.[b] ?? 0)}`)
            .join(';')
        : '',
      hazardous_only: c.hazardousOnly ? 'yes' : '',
    })),
  )
  return stringify(rows, { header: true, columns: [...csvColumns] })
}
