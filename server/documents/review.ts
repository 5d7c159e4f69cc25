import type { Kysely } from 'kysely'
import { documentNames } from '../../contract/bookings'
import type { ReviewInput } from '../../contract/documents'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { documentRejectedMail } from '../mail/document-templates'
import type { Mailer } from '../mail/index'
import { bookingRecipients } from '../profile/notification-settings'
import { documentFile } from './queries'

/**
 * Operations accept or reject an uploaded document: the file's status changes under a row lock, and the
 * uploader is mailed once when it becomes Rejected (not when a rejection is sent again), if they want
 * document mails. Undefined when there is no such document.
 */
export function reviewDocument(
  { db, mailer }: { db: Kysely<Database>; mailer: Mailer },
  { id, status, reason }: { id: string } & ReviewInput,
  at: Date,
  /** Who reviews, for the audit trail (the operations API); none for the demo data. */
  audit?: AuditContext,
) {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('booking_documents as d')
      .innerJoin('bookings as b', 'b.id', 'd.booking_id')
      .innerJoin('users as u', 'u.id', 'd.uploaded_by')
      .select([
        'd.id',
        'd.kind',
        'd.name',
        'd.status',
        'd.reason',
        'b.customer_id',
        'b.number as booking_number',
        'u.id as user_id',
        'u.esus_name as user_name',
        'b.user_id as booker_id',
      ])
      .where('d.id', '=', id)
      .forUpdate('d')
      .executeTakeFirst()
    if (!current) return undefined
    const updated = await trx
      .updateTable('booking_documents')
      .set({ status, reason: status === 'Rejected' ? (reason ?? null) : null, reviewed_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (audit) {
      await appendAudit(
        trx,
        {
          ...audit,
          action: 'document.reviewed',
          recordType: 'document',
          recordId: id,
          customerId: current.customer_id,
          changes: changedFields(
            { status: current.status, reason: current.reason },
            { status: updated.status, reason: updated.reason },
            ['status', 'reason'],
          ),
        },
        at,
      )
    }
    // A mail per rejection: only when the file becomes Rejected, not when a rejection is sent again. To the
    // person who uploaded it, the one who booked, and the colleagues who follow every booking (issue 24).
    if (status === 'Rejected' && current.status !== 'Rejected') {
      const recipients = await bookingRecipients(
        trx,
        { customerId: current.customer_id, people: [current.user_id, current.booker_id] },
        'documents',
      )
      for (const to of recipients) {
        await mailer.queue(
          trx,
          documentRejectedMail({
            to: to.email,
            name: to.name,
            bookingNumber: current.booking_number,
            document: documentNames[current.kind],
            fileName: current.name,
            reason: reason ?? '',
            bookingLink: `${mailer.appUrl}/user/bookings/${current.booking_number}`,
          }),
          at,
        )
      }
    }
    return {
      document: documentFile(updated, current.user_name),
      bookingNumber: current.booking_number,
      kind: current.kind,
    }
  })
}
