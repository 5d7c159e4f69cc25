import { type Kysely, sql } from 'kysely'
import type { BookingStatus, DocumentFile, DocumentItem, DocumentKind } from '../../contract/bookings'
import {
  type DocumentRequest,
  documentItems,
  documentsDeparture,
  outstandingCount,
  type UploadableKind,
} from '../../contract/documents'
import { plannedSailingOf } from '../../contract/pricing/planned-sailing'
import type { BookingDocumentRow, BookingRow, Database } from '../db/schema'
import { siteConfig } from '../site-config'
import { houseBillOf } from './house-bill-data'

/** What the checklist of a booking depends on. `hazardous` is read from the booking's quote when absent. */
export type BookingForDocuments = Pick<BookingRow, 'id' | 'mode' | 'hbl' | 'etd' | 'status'> &
  Partial<
    Pick<
      BookingRow,
      'held_from' | 'quote_id' | 'confirmed_at' | 'updated_at' | 'created_at' | 'details' | 'documents_cutoff'
    >
  > & {
    hazardous?: boolean
  }

export interface BookingDocuments {
  documents: DocumentItem[]
  outstanding: number
}

/** The file as the API shows it; `uploadedBy` the name of the person who uploaded it (issue 24). */
export function documentFile(
  row: Pick<
    BookingDocumentRow,
    'id' | 'name' | 'size' | 'content_type' | 'uploaded_at' | 'status' | 'reason'
  >,
  uploadedBy: string,
): DocumentFile {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.content_type,
    uploadedAt: row.uploaded_at.toISOString(),
    status: row.status,
    reason: row.reason,
    uploadedBy,
  }
}

/** Whether each booking's cargo is hazardous (its quote's request has hazardous details), by booking id. */
export async function hazardousByBooking(db: Kysely<Database>, bookingIds: number[]) {
  if (bookingIds.length === 0) return new Map<number, boolean>()
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('quotes', 'quotes.id', 'bookings.quote_id')
    .select([
      'bookings.id',
      sql<boolean>`(quotes.request -> 'hazardous') is not null and jsonb_typeof(quotes.request -> 'hazardous') = 'object'`.as(
        'hazardous',
      ),
    ])
    .where('bookings.id', 'in', bookingIds)
    .execute()
  return new Map(rows.map((row) => [row.id, Boolean(row.hazardous)]))
}

async function filesOf(db: Kysely<Database>, bookingIds: number[]) {
  if (bookingIds.length === 0) return []
  return db
    .selectFrom('booking_documents as d')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .select([
      'd.id',
      'd.booking_id',
      'd.kind',
      'd.name',
      'd.size',
      'd.content_type',
      'd.uploaded_at',
      'd.status',
      'd.reason',
      sql<string>`coalesce(u.esus_name, '')`.as('uploaded_by_name'),
    ])
    .where('d.booking_id', 'in', bookingIds)
    .orderBy('d.uploaded_at', 'desc')
    .orderBy('d.id')
    .execute()
}

/** What operations ask for of these bookings (contract/documents.ts DocumentRequest), by booking id. */
export async function requestsOf(
  db: Kysely<Database>,
  bookingIds: number[],
): Promise<Map<number, DocumentRequest[]>> {
  const byBooking = new Map<number, DocumentRequest[]>()
  if (bookingIds.length === 0) return byBooking
  const rows = await db
    .selectFrom('document_requests')
    .select(['booking_id', 'kind', 'due_date', 'note', 'requested_at'])
    .where('booking_id', 'in', bookingIds)
    .execute()
  for (const row of rows) {
    const list = byBooking.get(row.booking_id) ?? []
    list.push({
      kind: row.kind,
      dueDate: row.due_date,
      note: row.note,
      requestedAt: row.requested_at.toISOString(),
    })
    byBooking.set(row.booking_id, list)
  }
  return byBooking
}

/** Operations ask for a document of a booking: a new request of the same kind replaces the old one. */
export async function upsertDocumentRequest(
  db: Kysely<Database>,
  request: { bookingId: number; kind: UploadableKind; dueDate: string; note: string | null; at: Date },
) {
  const values = {
    booking_id: request.bookingId,
    kind: request.kind,
    due_date: request.dueDate,
    note: request.note,
    requested_at: request.at,
  }
  await db
    .insertInto('document_requests')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['booking_id', 'kind']).doUpdateSet({
        due_date: values.due_date,
        note: values.note,
        requested_at: values.requested_at,
      }),
    )
    .execute()
}

/** One item of a booking's checklist (no HBL), as listed now: the upload route asks whether it is requested. */
export async function bookingDocumentItem(
  db: Kysely<Database>,
  booking: BookingForDocuments,
  kind: UploadableKind,
  now: Date,
): Promise<DocumentItem | undefined> {
  const { documents } = await bookingDocuments(db, { ...booking, hbl: null }, now)
  return documents.find((item) => item.kind === kind)
}

/**
 * The document checklist of one booking with its files, and how many items are outstanding (required and
 * Required or Rejected). `hblFile` is the issued house bill as listed (routes give its generated size).
 */
export async function bookingDocuments(
  db: Kysely<Database>,
  booking: BookingForDocuments,
  now: Date = new Date(),
  hblFile?: DocumentFile,
): Promise<BookingDocuments> {
  const hazardous = booking.hazardous ?? (await hazardousByBooking(db, [booking.id])).get(booking.id) ?? false
  const [rows, requests] = await Promise.all([filesOf(db, [booking.id]), requestsOf(db, [booking.id])])
  const documents = documentItems(
    {
      mode: booking.mode,
      hazardous,
      // The confirmed ETD, else the planned sailing's: a new booking's documents have due dates already; none
      // after the documents cut-off.
      ...documentsDeparture(
        { etd: booking.etd, documentsCutoff: booking.documents_cutoff },
        plannedSailingOf(booking.details),
      ),
      bookingStatus: booking.status as BookingStatus,
      heldFrom: (booking.held_from ?? null) as BookingStatus | null,
      hbl: booking.hbl,
      files: rows.map((row) => ({
        ...documentFile(row, row.uploaded_by_name),
        kind: row.kind as DocumentKind,
      })),
      hblFile: booking.hbl ? (hblFile ?? (await houseBillFile(db, booking.id))) : undefined,
      requests: requests.get(booking.id),
    },
    now,
  )
  return { documents, outstanding: outstandingCount(documents) }
}

/** Sizes of generated house bills by booking and its last change: a page view does not draw the PDF again. */
const houseBillSizes = new Map<string, number>()

/** The issued house bill of a booking as listed, with the size of the PDF generated for it. */
async function houseBillFile(db: Kysely<Database>, bookingId: number): Promise<DocumentFile | undefined> {
  const booking = await db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst()
  if (!booking?.hbl) return undefined
  const key = `${booking.id}:${booking.hbl}:${booking.updated_at?.getTime() ?? 0}`
  let size = houseBillSizes.get(key)
  if (size === undefined) {
    size = (await houseBillOf(db, booking)).byteLength
    if (houseBillSizes.size >= 1000) houseBillSizes.clear()
    houseBillSizes.set(key, size)
  }
  return issuedHouseBillFile(booking, size)
}

/** The issued house bill as a listed file: downloaded at files/hbl, generated on request. */
export function issuedHouseBillFile(
  booking: Pick<BookingForDocuments, 'hbl' | 'confirmed_at' | 'updated_at' | 'created_at'>,
  size = 0,
): DocumentFile {
  const issued = booking.confirmed_at ?? booking.updated_at ?? booking.created_at ?? new Date(0)
  return {
    id: 'hbl',
    name: `${booking.hbl}.pdf`,
    size,
    contentType: 'application/pdf',
    uploadedAt: issued.toISOString(),
    status: 'Accepted',
    reason: null,
    // Issued by the forwarder, not uploaded by the company.
    uploadedBy: siteConfig.brand,
  }
}

/** Outstanding counts of many bookings (for lists) in three queries, by booking id. */
export async function outstandingDocuments(
  db: Kysely<Database>,
  bookings: BookingForDocuments[],
  now: Date = new Date(),
): Promise<Map<number, number>> {
  const ids = bookings.map((b) => b.id)
  const needHazard = bookings.filter((b) => b.hazardous === undefined).map((b) => b.id)
  const [hazards, rows, requests] = await Promise.all([
    hazardousByBooking(db, needHazard),
    filesOf(db, ids),
    requestsOf(db, ids),
  ])
  const byBooking = new Map<number, typeof rows>()
  for (const row of rows) {
    const list = byBooking.get(row.booking_id) ?? []
    list.push(row)
    byBooking.set(row.booking_id, list)
  }
  const counts = new Map<number, number>()
  for (const booking of bookings) {
    const items = documentItems(
      {
        mode: booking.mode,
        hazardous: booking.hazardous ?? hazards.get(booking.id) ?? false,
        etd: booking.etd,
        bookingStatus: booking.status as BookingStatus,
        heldFrom: (booking.held_from ?? null) as BookingStatus | null,
        hbl: null,
        files: (byBooking.get(booking.id) ?? []).map((row) => ({
          ...documentFile(row, row.uploaded_by_name),
          kind: row.kind as DocumentKind,
        })),
        requests: requests.get(booking.id),
      },
      now,
    )
    counts.set(booking.id, outstandingCount(items))
  }
  return counts
}

/** A booking of the company by number, or undefined (another company's answers as a missing one). */
export function findCompanyBooking(db: Kysely<Database>, customerId: number, number: string) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('number', '=', number)
    .executeTakeFirst()
}

/** Any company's booking by number, for the operations endpoints (their key sees every booking). */
export function findAnyBooking(db: Kysely<Database>, number: string) {
  return db.selectFrom('bookings').selectAll().where('number', '=', number).executeTakeFirst()
}

export function findBookingDocument(db: Kysely<Database>, bookingId: number, customerId: number, id: string) {
  return db
    .selectFrom('booking_documents')
    .selectAll()
    .where('id', '=', id)
    .where('booking_id', '=', bookingId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
}

export async function insertBookingDocument(
  db: Kysely<Database>,
  row: Omit<BookingDocumentRow, 'status' | 'reason' | 'reviewed_at'>,
) {
  return db.insertInto('booking_documents').values(row).returningAll().executeTakeFirstOrThrow()
}
