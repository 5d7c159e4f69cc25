/**
 * The document checklist of a booking: which documents it needs, by when, and where each one stands.
 * Pure: shared by the server (lists, counts) and the browser.
 *
 * Due dates count back from the ETD, in Singapore dates (UTC+8, the forwarder's business day):
 * - commercial invoice and packing list: ETD − 3 days (shared/FREIGHT.md);
 * - safety data sheet and dangerous goods declaration (hazardous cargo only): ETD − 5 days, because the
 *   carrier checks the safety data sheet and accepts the DG cargo before the ordinary documents cut-off;
 * - certificate of origin: optional, ETD − 1 day (shown as a target; an optional item is never overdue);
 * and none after the documents cut-off the departure has (documentsCutoff): a due date later than the cut-off
 * is the cut-off's day. Operations' requests keep to it too (requestDueDateRefusal).
 * Every item is due before the departure: once the shipment has departed, or the booking is cancelled, an
 * item never received is shown as Not received (not overdue, and not offered for upload), and uploads stop —
 * unless operations still ask for it (DocumentRequest): an item asked for is required, due on the request's
 * date, taken and counted as outstanding even after the departure, until a file is uploaded after the request
 * (a file rejected after it leaves it asked for). Nothing is asked of a cancelled booking.
 * The house bill of lading (or house air waybill) is issued by us: it is listed, as Issued, once the booking
 * has its HBL number, and is never uploaded.
 */

import { z } from 'zod'
import type { BookingStatus, DocumentFile, DocumentItem, DocumentKind, DocumentStatus } from './bookings'
import { documentMessages, documentNames, effectiveStatus } from './bookings'
import { addDays, singaporeDateOf } from './dates'
import type { Sailing } from './pricing/schedule'
import type { Mode } from './pricing/types'
import { safeString } from './text'

export interface ChecklistInput {
  mode: Mode
  hazardous: boolean
  /** ISO date-time of the departure (planned or estimated), or null before it is known. */
  etd: string | Date | null
  /** The documents cut-off of that departure (documentsCutoff): no due date falls after it. */
  docCutoff?: string | Date | null | undefined
}

export interface ChecklistEntry {
  kind: DocumentKind
  name: string
  required: boolean
  dueDate: string | null
}

/** Days before the ETD (Singapore date) each uploadable document is due. */
export const dueDaysBeforeEtd = {
  commercial_invoice: 3,
  packing_list: 3,
  safety_data_sheet: 5,
  dg_declaration: 5,
  certificate_of_origin: 1,
} as const satisfies Partial<Record<DocumentKind, number>>

/**
 * The departure the due dates count back from: the ETD operations confirmed (or the carrier has since moved),
 * else the planned sailing's ETD stored with the booking (a YYYY-MM-DD date, read as that date), else none.
 * So a booking lists its documents with due dates from the moment it is made.
 */
export function documentsEtd(
  etd: string | Date | null | undefined,
  plannedEtd: string | null | undefined,
): string | Date | null {
  return etd ?? plannedEtd ?? null
}

const DAY_MS = 86_400_000
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

/**
 * The documents cut-off the due dates serve (a Singapore date): the one operations confirmed with the
 * carrier; else, while the booking keeps its planned departure, the planned sailing's; else, when operations
 * confirmed another departure without a documents cut-off, the sheet's lead (the planned sailing's days from
 * documents cut-off to ETD) back from that departure; else none.
 */
export function documentsCutoff(
  confirmed: { etd?: string | Date | null | undefined; documentsCutoff?: string | Date | null | undefined },
  planned: Pick<Sailing, 'etd' | 'docCutoff'> | null | undefined,
): string | null {
  if (confirmed.documentsCutoff) return singaporeDateOf(confirmed.documentsCutoff)
  if (!planned) return null
  if (!confirmed.etd) return planned.docCutoff
  return addDays(singaporeDateOf(confirmed.etd), -daysBetween(planned.docCutoff, planned.etd))
}

/**
 * The departure a booking's due dates count back from and the documents cut-off they keep to, as
 * documentItems takes them: `{ etd, docCutoff }` (documentsEtd and documentsCutoff).
 */
export function documentsDeparture(
  confirmed: { etd?: string | Date | null | undefined; documentsCutoff?: string | Date | null | undefined },
  planned: Pick<Sailing, 'etd' | 'docCutoff'> | null | undefined,
): { etd: string | Date | null; docCutoff: string | null } {
  return { etd: documentsEtd(confirmed.etd, planned?.etd), docCutoff: documentsCutoff(confirmed, planned) }
}

/** The kinds a customer may upload (every kind but the HBL). */
export const uploadableKinds = [
  'commercial_invoice',
  'packing_list',
  'safety_data_sheet',
  'dg_declaration',
  'certificate_of_origin',
] as const satisfies readonly DocumentKind[]
export type UploadableKind = (typeof uploadableKinds)[number]

export function isUploadableKind(kind: string): kind is UploadableKind {
  return (uploadableKinds as readonly string[]).includes(kind)
}

/** What the issued house bill is called in this mode. */
export function hblName(mode: Mode): string {
  return mode === 'AIR' ? 'House air waybill' : documentNames.hbl
}

/** The items a booking needs, in the order they are shown; the hazardous ones only for hazardous cargo. */
const checklist: readonly { kind: keyof typeof dueDaysBeforeEtd; required: boolean; hazardous?: true }[] = [
  { kind: 'commercial_invoice', required: true },
  { kind: 'packing_list', required: true },
  { kind: 'safety_data_sheet', required: true, hazardous: true },
  { kind: 'dg_declaration', required: true, hazardous: true },
  { kind: 'certificate_of_origin', required: false },
]

/** The items a booking needs, in the order they are shown. */
export function documentChecklist({ hazardous, etd, docCutoff }: ChecklistInput): ChecklistEntry[] {
  const etdDate = etd == null ? null : singaporeDateOf(etd)
  const cutoff = docCutoff == null ? null : singaporeDateOf(docCutoff)
  const entries: ChecklistEntry[] = []
  for (const { kind, required, hazardous: hazardousOnly } of checklist) {
    if (hazardousOnly && !hazardous) continue
    const fromEtd = etdDate ? addDays(etdDate, -dueDaysBeforeEtd[kind]) : null
    // Never after the documents cut-off: a document due later would miss the sailing it serves.
    const dueDate = cutoff && (fromEtd === null || fromEtd > cutoff) ? cutoff : fromEtd
    entries.push({ kind, name: documentNames[kind], required, dueDate })
  }
  return entries
}

/**
 * Where an item stands from its files (newest last or first, any order): the newest file decides
 * (Uploaded waits for review, Accepted, Rejected with its reason); without files a required item is
 * Required and another Optional.
 */
export function documentItemStatus(
  entry: Pick<ChecklistEntry, 'required'>,
  files: Pick<DocumentFile, 'status' | 'reason' | 'uploadedAt'>[],
): { status: DocumentStatus; reason: string | null } {
  const latest = newestFile(files)
  if (!latest) return { status: entry.required ? 'Required' : 'Optional', reason: null }
  return { status: latest.status, reason: latest.status === 'Rejected' ? latest.reason : null }
}

function newestFile<T extends Pick<DocumentFile, 'uploadedAt'>>(files: T[]): T | undefined {
  let newest: T | undefined
  for (const file of files) if (!newest || file.uploadedAt >= newest.uploadedAt) newest = file
  return newest
}

/** A required item still waiting for a (new) file: nothing uploaded yet, or its file rejected. */
export function isOutstanding(item: Pick<DocumentItem, 'required' | 'status'>): boolean {
  return item.required && (item.status === 'Required' || item.status === 'Rejected')
}

/** Outstanding and its due date is before `today` (the Singapore date, singaporeDateOf). */
export function isOverdue(
  item: Pick<DocumentItem, 'required' | 'status' | 'dueDate'>,
  today: string,
): boolean {
  return isOutstanding(item) && item.dueDate !== null && item.dueDate < today
}

/** Statuses past the departure (a held booking counts as the status it was held from). */
const departedStatuses: readonly BookingStatus[] = ['Departed', 'Arrived', 'Delivered']

/**
 * Why a booking takes no more documents, as its message, or null while it does: it was cancelled, or its
 * shipment has departed (every item is due before the departure).
 */
export function documentsClosed(status: BookingStatus, heldFrom: BookingStatus | null = null): string | null {
  if (status === 'Cancelled') return documentMessages.bookingClosed
  return departedStatuses.includes(effectiveStatus(status, heldFrom)) ? documentMessages.departed : null
}

/** A document the operations team asked for: due on `dueDate` (Singapore date), with an optional note. */
export interface DocumentRequest {
  kind: UploadableKind
  dueDate: string
  note: string | null
  /** When it was asked for (ISO date-time): only a file uploaded from then on answers it. */
  requestedAt: string
}

export const requestMessages = {
  badKind:
    'Choose commercial_invoice, packing_list, safety_data_sheet, dg_declaration or certificate_of_origin.',
  badDate: 'Give the due date as YYYY-MM-DD.',
  pastDate: 'The due date cannot be in the past.',
  noteTooLong: 'The note can be at most 500 characters.',
  cancelled: 'Nothing can be asked of a cancelled booking.',
} as const

/** The message for a requested due date after the documents cut-off `cutoff` (YYYY-MM-DD) it serves. */
export const afterCutoffMessage = (cutoff: string) =>
  `The due date cannot be after the documents cut-off, ${cutoff}.`

/**
 * Why operations cannot ask for a document by `dueDate` (YYYY-MM-DD), as its message, or null when they can:
 * a date before `today` (Singapore), or after the booking's documents cut-off (documentsCutoff) while that
 * cut-off is still ahead (today or later). Once the cut-off has passed, a document asked for serves no cut-off
 * (a late copy, or one needed after the departure) and any date from today is taken.
 */
export function requestDueDateRefusal(dueDate: string, today: string, cutoff: string | null): string | null {
  if (dueDate < today) return requestMessages.pastDate
  if (cutoff !== null && cutoff >= today && dueDate > cutoff) return afterCutoffMessage(cutoff)
  return null
}

/**
 * The body of an operations request for a document. The due date must be today or later (Singapore date);
 * pass `today` (singaporeDateOf(now)) to check it, as the server does; and with `cutoff` (the booking's
 * documentsCutoff), not after a documents cut-off still ahead (requestDueDateRefusal).
 */
export function documentRequestSchema(today?: string, cutoff: string | null = null) {
  return z.object({
    dueDate: z
      .string({ error: requestMessages.badDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, requestMessages.badDate)
      .refine((value) => {
        const parsed = new Date(`${value}T00:00:00Z`)
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)
      }, requestMessages.badDate)
      .superRefine((value, ctx) => {
        const refusal = today === undefined ? null : requestDueDateRefusal(value, today, cutoff)
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal })
      }),
    note: safeString().trim().max(500, requestMessages.noteTooLong).optional(),
  })
}
export type DocumentRequestInput = z.infer<ReturnType<typeof documentRequestSchema>>

/**
 * Why a file of this item cannot be uploaded now, as its message, or null when it can: the booking's reason
 * (documentsClosed), unless operations ask for the item.
 */
export function uploadRefusal(
  status: BookingStatus,
  heldFrom: BookingStatus | null,
  item: Pick<DocumentItem, 'requested'> | undefined,
): string | null {
  const closed = documentsClosed(status, heldFrom)
  return closed && !(status !== 'Cancelled' && item?.requested) ? closed : null
}

export interface DocumentsInput extends ChecklistInput {
  /** The booking's status (and the one it was held from): a departed or cancelled one takes no more. */
  bookingStatus: BookingStatus
  heldFrom?: BookingStatus | null
  /** The booking's HBL (or HAWB) number once issued. */
  hbl: string | null
  /** The customer's files, any order. */
  files: (DocumentFile & { kind: DocumentKind })[]
  /** The issued house bill as a file (id `hbl`), when there is one. */
  hblFile?: DocumentFile | undefined
  /** What operations ask for (one per kind); ignored for a cancelled booking. */
  requests?: DocumentRequest[] | undefined
}

/** The checklist with each item's files, status, reason and overdue flag; the HBL last, once issued. */
export function documentItems(input: DocumentsInput, now: Date): DocumentItem[] {
  const today = singaporeDateOf(now)
  const closed = documentsClosed(input.bookingStatus, input.heldFrom) !== null
  const requests = input.bookingStatus === 'Cancelled' ? [] : (input.requests ?? [])
  const items: DocumentItem[] = documentChecklist(input).map((entry) => {
    const files: DocumentFile[] = []
    for (const { kind, ...file } of input.files) if (kind === entry.kind) files.push(file)
    files.sort((a, b) => (a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : 0))
    const { status, reason } = documentItemStatus(entry, files)
    // A literal, not { ...entry, status, … }: V8 builds a spread with added properties about 20 times slower.
    const item: DocumentItem = {
      kind: entry.kind,
      name: entry.name,
      required: entry.required,
      dueDate: entry.dueDate,
      status,
      reason,
      overdue: false,
      files,
    }
    const request = requests.find((r) => r.kind === entry.kind)
    if (request) askFor(item, request)
    if (closed && !item.requested && isOutstanding(item)) item.status = 'Not received'
    item.overdue = isOverdue(item, today)
    return item
  })
  if (input.hbl) {
    items.push({
      kind: 'hbl',
      name: hblName(input.mode),
      required: false,
      dueDate: null,
      status: 'Issued',
      reason: null,
      overdue: false,
      files: input.hblFile ? [input.hblFile] : [],
    })
  }
  return items
}

/**
 * Applies a request to its item: required and due on the request's date; while no file has been uploaded
 * since the request (or the newest since is rejected) it is asked for: Required (or Rejected), `requested`.
 */
function askFor(item: DocumentItem, request: DocumentRequest): void {
  item.required = true
  item.dueDate = request.dueDate
  const requestedAt = Date.parse(request.requestedAt)
  const answer = item.files.find((file) => Date.parse(file.uploadedAt) >= requestedAt)
  if (answer && answer.status !== 'Rejected') return
  item.status = answer ? 'Rejected' : 'Required'
  item.reason = answer ? answer.reason : null
  item.requested = { note: request.note }
}

/** How many items of a list are outstanding. */
export function outstandingCount(items: Pick<DocumentItem, 'required' | 'status'>[]): number {
  return items.filter(isOutstanding).length
}

/** The file name as shown: no path, no control characters, at most 200 characters; never used as a path. */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]+/g, '').trim()
  const safe = clean === '' || clean === '.' || clean === '..' ? 'document' : clean
  return safe.length > 200 ? safe.slice(0, 200) : safe
}

export const reviewMessages = {
  reasonRequired: 'Give the reason the document is rejected.',
  status: 'Choose Accepted or Rejected.',
} as const

/** The operations team's verdict on an uploaded file; a rejection says why. */
export const reviewSchema = z
  .object({
    status: z.enum(['Accepted', 'Rejected'], { error: reviewMessages.status }),
    reason: safeString().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'Rejected' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: reviewMessages.reasonRequired })
    }
  })
export type ReviewInput = z.infer<typeof reviewSchema>

/** The API paths of a booking's documents (the upload sends the raw file with X-File-Name, URI-encoded). */
export const documentPaths = {
  list: (bookingNumber: string) => `/api/bookings/${encodeURIComponent(bookingNumber)}/documents`,
  upload: (bookingNumber: string, kind: UploadableKind) =>
    `/api/bookings/${encodeURIComponent(bookingNumber)}/documents/${kind}`,
  download: (bookingNumber: string, fileId: string) =>
    `/api/bookings/${encodeURIComponent(bookingNumber)}/documents/files/${encodeURIComponent(fileId)}`,
  review: (fileId: string) => `/api/ops/documents/${encodeURIComponent(fileId)}/review`,
} as const

/** The request header that carries the uploaded file's name, URI-encoded (encodeURIComponent). */
export const FILE_NAME_HEADER = 'X-File-Name'
