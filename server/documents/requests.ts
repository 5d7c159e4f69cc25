/**
 * Operations ask a customer for a document of a booking by a date (docs/bookings.md, "Operations ask for a
 * document"): one request per booking and kind (a new one replaces the old), its audit row and the customer's
 * mail in one transaction. The operations API (`requestDocument`, X-API-Key) and the operations desk
 * (`requestOpsDocument`, a staff session) both call it.
 */
import type { Kysely } from 'kysely'
import { BOOKING_NUMBER, type BookingStatus, type DocumentItem, documentNames } from '../../contract/bookings'
import { singaporeDateOf } from '../../contract/dates'
import {
  documentsClosed,
  documentsCutoff,
  isUploadableKind,
  requestDueDateRefusal,
  requestMessages,
} from '../../contract/documents'
import { plannedSailingOf } from '../../contract/pricing/planned-sailing'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { documentRequestedMail } from '../mail/document-templates'
import type { Mailer } from '../mail/index'
import { bookingRecipients } from '../profile/notification-settings'
import { bookingDocuments, upsertDocumentRequest } from './queries'

export type DocumentRequestOutcome =
  | { status: 200; documents: DocumentItem[]; customerId: number }
  | { status: 404 }
  | { status: 409; message: string }
  | { status: 422; message: string; errors: Record<string, string[]> }

/**
 * Asks for `kind` of booking `number` by `dueDate` (YYYY-MM-DD, not before today in Singapore): 422 for a kind
 * that is not uploaded, a past date, or a date after the booking's documents cut-off while it is still ahead
 * (requestDueDateRefusal; a departed shipment's serves none), 404 for no such booking, 409 for a cancelled
 * one; else the booking's checklist with the item asked for.
 */
export async function requestDocument(
  deps: { db: Kysely<Database>; mailer: Mailer; now: () => Date },
  request: { number: string; kind: string; dueDate: string; note?: string | undefined },
  audit: AuditContext,
): Promise<DocumentRequestOutcome> {
  const { number, kind, dueDate } = request
  const note = request.note || null
  if (!isUploadableKind(kind)) {
    return { status: 422, message: requestMessages.badKind, errors: { kind: [requestMessages.badKind] } }
  }
  const at = deps.now()
  const today = singaporeDateOf(at)
  if (dueDate < today) {
    return { status: 422, message: requestMessages.pastDate, errors: { dueDate: [requestMessages.pastDate] } }
  }
  if (!BOOKING_NUMBER.test(number)) return { status: 404 }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    // Locked, so a cancellation cannot slip in between the check and the request.
    const booking = await trx
      .selectFrom('bookings')
      .selectAll()
      .where('number', '=', number)
      .forUpdate()
      .executeTakeFirst()
    if (!booking) return { status: 404 as const }
    if (booking.status === 'Cancelled') return { status: 409 as const }
    // A departed shipment's documents serve no cut-off any more: a copy asked for then is a late one.
    const departed = documentsClosed(
      booking.status as BookingStatus,
      booking.held_from as BookingStatus | null,
    )
    const cutoff = departed
      ? null
      : documentsCutoff(
          { etd: booking.etd, documentsCutoff: booking.documents_cutoff },
          plannedSailingOf(booking.details),
        )
    const refusal = requestDueDateRefusal(dueDate, today, cutoff)
    if (refusal) return { status: 422 as const, message: refusal }
    const previous = await trx
      .selectFrom('document_requests')
      .select(['due_date', 'note'])
      .where('booking_id', '=', booking.id)
      .where('kind', '=', kind)
      .executeTakeFirst()
    await upsertDocumentRequest(trx, { bookingId: booking.id, kind, dueDate, note, at })
    await appendAudit(
      trx,
      {
        ...audit,
        action: 'document.requested',
        recordType: 'booking',
        recordId: booking.number,
        customerId: booking.customer_id,
        changes: changedFields(
          previous ? { kind, dueDate: previous.due_date, note: previous.note } : null,
          { kind, dueDate, note },
          ['kind', 'dueDate', 'note'],
        ),
      },
      at,
    )
    // To the person who booked it and the colleagues who follow every booking (issue 24).
    const recipients = await bookingRecipients(
      trx,
      { customerId: booking.customer_id, people: [booking.user_id] },
      'documents',
    )
    for (const to of recipients) {
      await deps.mailer.queue(
        trx,
        documentRequestedMail({
          to: to.email,
          name: to.name,
          bookingNumber: booking.number,
          document: documentNames[kind],
          dueDate,
          note,
          bookingLink: `${deps.mailer.appUrl}/user/bookings/${booking.number}`,
        }),
        at,
      )
    }
    return { status: 200 as const, booking }
  })
  if (outcome.status === 404) return { status: 404 }
  if (outcome.status === 409) return { status: 409, message: requestMessages.cancelled }
  if (outcome.status === 422) {
    return { status: 422, message: outcome.message, errors: { dueDate: [outcome.message] } }
  }
  const { documents } = await bookingDocuments(deps.db, outcome.booking, deps.now())
  return { status: 200, documents, customerId: outcome.booking.customer_id }
}
