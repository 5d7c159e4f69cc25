/**
 * The pricing desk (issue 23): the rate sheets as the desk lists them, a rate file sent for a dry run or to be
 * applied, and the report of what the file would change. One schema for the console's forms and the server's
 * edge (docs/pricing.md, "The pricing desk").
 */
import { z } from 'zod'
import { type ChargeLine, type Mode, modes, type RateLane } from './pricing/types'
import { safeString } from './text'

/** The most a rate file may be: the body of a dry run or an apply (413 beyond). About 200,000 lines. */
export const RATE_FILE_MAX_BYTES = 20 * 1024 * 1024
/** Sheets a page of the desk's list holds. */
export const RATE_SHEET_PAGE_SIZE = 50
/** A lane is flagged when every sheet it has ends within this many days (today included). */
export const EXPIRING_WITHIN_DAYS = 7

export const rateSheetValidities = ['current', 'upcoming', 'expiring'] as const
export type RateSheetValidity = (typeof rateSheetValidities)[number]

export const rateFileMessages = {
  nameRequired: 'Give the file’s name.',
  nameTooLong: 'The file’s name must be at most 200 characters.',
  csvRequired: 'The file is empty.',
  tooLarge: `The file must be at most ${RATE_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  badPlace: 'Must be a UN/LOCODE or IATA code, such as SGSIN or SIN.',
  badCarrier: 'Must be at most 100 characters.',
  badPage: 'Must be a whole number from 1.',
  badMode: 'Must be FCL, LCL or AIR.',
  badValidity: 'Must be current, upcoming or expiring.',
  refused: (rows: number) => `Nothing applied: ${rows} row${rows === 1 ? '' : 's'} refused.`,
  noFile: 'Choose a rate file (CSV) first.',
  badSheetId: 'A rate sheet is a whole number from 1.',
  sheetNotFound: 'No such rate sheet.',
} as const

/** A rate file, as the console and integrations send it: its name and its text (the CSV of docs/pricing.md). */
export const rateFileSchema = z.object({
  name: safeString({ error: rateFileMessages.nameRequired })
    .trim()
    .min(1, rateFileMessages.nameRequired)
    .max(200, rateFileMessages.nameTooLong),
  csv: safeString({ error: rateFileMessages.csvRequired })
    .min(1, rateFileMessages.csvRequired)
    .max(RATE_FILE_MAX_BYTES, rateFileMessages.tooLarge),
})
export type RateFileInput = z.infer<typeof rateFileSchema>

const placeCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3,5}$/, rateFileMessages.badPlace)
  .transform((code) => code.toUpperCase())

/** The desk's list (GET query): every filter optional, all of them together. */
export const rateSheetQuerySchema = z.object({
  mode: z.enum(modes, { error: rateFileMessages.badMode }).optional(),
  origin: placeCode.optional(),
  destination: placeCode.optional(),
  carrier: safeString().trim().max(100, rateFileMessages.badCarrier).optional(),
  /** current: in force today; upcoming: starting later; expiring: in force and ending within 7 days. */
  validity: z.enum(rateSheetValidities, { error: rateFileMessages.badValidity }).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, rateFileMessages.badPage)
    .transform(Number)
    .optional(),
})
export type RateSheetQueryInput = z.input<typeof rateSheetQuerySchema>
export type RateSheetQuery = z.output<typeof rateSheetQuerySchema>

/** A lane: the carrier's service between two places in one mode. */
export interface RateLaneKey {
  mode: Mode
  origin: string
  destination: string
  carrier: string
  service: string
}

/** The reference shipment's price on a sheet (contract/pricing/reference.ts), USD cents. */
export interface ReferencePrice {
  label: string
  totalUsd: number
}

/** One sheet as the desk lists it. */
export interface RateSheetSummary extends RateLaneKey {
  id: number
  validFrom: string
  validTo: string
  currency: string
  transitDays: number
  /** Charge lines on the sheet. */
  charges: number
  /** In force today, starting later, or ended (the list shows ended ones only when asked by date). */
  status: 'current' | 'upcoming' | 'expired'
  reference: ReferencePrice | null
  /** Every sheet of its lane ends within 7 days: the lane is about to have no rate. */
  laneExpiring: boolean
}

/** One sheet opened on the desk (getRateSheet): its lines, read-only. */
export interface RateSheetDetail {
  sheet: RateSheetSummary
  /** Its weekly schedule: ISO weekdays it departs on, cut-offs in days before departure, free days. */
  schedule: Pick<RateLane, 'departureDays' | 'cargoCutoffDays' | 'docCutoffDays' | 'freeDays'>
  /** The dangerous goods classes the carrier refuses on it ("1", "7"). */
  refusedDgClasses: string[]
  /** Every charge line, in the file's order. */
  charges: ChargeLine[]
  /** The lane's other sheets that end today or later, by their start. */
  laneSheets: { id: number; validFrom: string; validTo: string; status: 'current' | 'upcoming' }[]
  /** The Singapore date validity is judged on. */
  today: string
}

/** A sheet's id in an address: a whole number from 1 (anything else is 422; an unknown one 404). */
export const RATE_SHEET_ID = /^[1-9]\d{0,8}$/

export interface RateSheetPage {
  sheets: RateSheetSummary[]
  total: number
  page: number
  pageSize: number
  /** The Singapore date the list was read for (validity is judged on it). */
  today: string
}

/** A sheet of the file or of the database, as a report names it. */
export interface ReportSheet extends RateLaneKey {
  validFrom: string
  validTo: string
}

export interface AddedSheet extends ReportSheet {
  reference: ReferencePrice | null
}

export interface ChangedSheet extends ReportSheet {
  /** The validity the sheet had. */
  previousValidTo: string
  /** What both were priced for. */
  referenceLabel: string
  beforeUsd: number | null
  afterUsd: number | null
  /** Percent to one decimal (10 for 10.0 % dearer); null without both totals. */
  changePercent: number | null
}

export interface RemovedSheet extends ReportSheet {
  /** `ended`: in force, it now ends yesterday (`endsOn`); `deleted`: it had not begun (or began today). */
  outcome: 'ended' | 'deleted'
  endsOn: string | null
  reference: ReferencePrice | null
}

export interface RefusedRow {
  /** The line of the file, the header being line 1 (0: the file is not CSV at all). */
  row: number
  reason: string
}

/** What a rate file changes: the dry run's answer, and what an apply did. */
export interface RateFileReport {
  file: { name: string; bytes: number; sha256: string }
  /** The Singapore date the comparison was made on (sheets in force or upcoming on it). */
  today: string
  /** The (mode, carrier) tariffs the file replaces. */
  tariffs: { mode: Mode; carrier: string }[]
  refused: RefusedRow[]
  added: AddedSheet[]
  changed: ChangedSheet[]
  removed: RemovedSheet[]
  unchanged: number
  /** Sheets and charge lines in the file. */
  sheets: number
  charges: number
}

export interface RateFileApplied {
  report: RateFileReport
  applied: true
}

/** The apply's refusal (422): every refused row, also under `errors.csv` as `Row 7: …`. */
export interface RateFileRefusal {
  message: string
  errors?: Record<string, string[]> | undefined
  refused?: RefusedRow[] | undefined
}

export const rateFileApiPaths = {
  sheets: '/api/staff/rate-sheets',
  sheet: (id: number | string) => `/api/staff/rate-sheets/${encodeURIComponent(String(id))}`,
  staffDryRun: '/api/staff/rate-files/dry-run',
  staffApply: '/api/staff/rate-files/apply',
  opsDryRun: '/api/ops/rate-files/dry-run',
  opsApply: '/api/ops/rate-files/apply',
  opsExport: '/api/ops/rate-files/export',
} as const

/** `Row 7: container_type must be …`, as the CLI has always said it. */
export const refusedRowText = (row: RefusedRow) => `Row ${row.row}: ${row.reason}`
