/**
 * Change requests (issue 35, docs/invoices.md): operations or finance add a charge to a confirmed booking after
 * booking; it waits, pending, until a customer Admin or Member approves or declines it, or staff withdraw it.
 * Every decision goes through the chart (machines/charge-request.machine.ts nextChargeStatus: 409 when it
 * refuses). Each change is audited and announces the booking to its open pages (the `bookings` channel) in its
 * transaction; a request also mails the company's Admins and Members through the outbox.
 */
import { type Kysely, sql } from 'kysely'
import {
  type AddCharge,
  addedChargeGst,
  type ChargeAnswer,
  type ChargeStatus,
  chargeMessages,
  isDisbursementCode,
} from '../../contract/finance/charges'
import { type ChargeEvent, nextChargeStatus } from '../../machines/charge-request.machine'
import { type AuditContext, appendAudit, changedFields, createdFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { chargeRequestedMail } from '../mail/charge-templates'
import type { Mailer } from '../mail/index'
import { notificationColumns } from '../profile/notification-settings'
import { chargeItem, findCharge, type Reader } from './charges-queries'

export interface ChargeDeps {
  db: Kysely<Database>
  mailer: Mailer
}

/** A file stored for a charge (the documents' storage), kept with it. */
export interface StoredAttachment {
  key: string
  name: string
  size: number
  contentType: string
}

export type ChargeOutcome =
  | { status: 200 | 201; body: ChargeAnswer; changed: { customerId: number; number: string } }
  | { status: 404; message: string }
  | { status: 409; message: string }
  | { status: 422; message: string; errors: Record<string, string[]> }

const refused = (field: string, message: string) => ({
  status: 422 as const,
  message,
  errors: { [field]: [message] },
})

/**
 * Tells the booking's open pages and the desks, when the transaction commits, that the booking changed: the
 * notification the booking's own triggers send (migration 0023), which charges' rows do not have.
 */
export async function announceBooking(trx: Kysely<Database>, customerId: number, number: string) {
  await sql`select pg_notify('bookings', current_schema() || ' ' || ${String(customerId)} || ' ' || ${number})`.execute(
    trx,
  )
}

/** The company's active Admins and Members whose booking mails are on (My Profile, Shipment milestones). */
function deciders(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('users')
    .select(['esus_email_id as email', 'esus_name as name'])
    .where('customer_id', '=', customerId)
    .where('company_role', 'in', ['admin', 'member'])
    .where('activated_at', 'is not', null)
    .where('deactivated_at', 'is', null)
    .where(notificationColumns.milestones, '=', true)
    .orderBy('id')
    .execute()
}

/**
 * Adds a charge to booking `number` as a change request (a disbursement for DTY and IGS): 404 no booking,
 * 409 not confirmed or cancelled, 422 a currency that is not the booking's or a disbursement without its
 * receipt; else 201 with the charge, pending.
 */
export async function addCharge(
  deps: ChargeDeps,
  request: { number: string; input: AddCharge; attachment: StoredAttachment | null; staffId: number },
  audit: AuditContext,
  at: Date,
): Promise<ChargeOutcome> {
  const { number, input, attachment } = request
  return deps.db.transaction().execute(async (trx): Promise<ChargeOutcome> => {
    // Locked, so a cancellation cannot slip in between the check and the charge.
    const booking = await trx
      .selectFrom('bookings')
      .select(['id', 'number', 'customer_id', 'status', 'currency'])
      .where('number', '=', number)
      .forUpdate()
      .executeTakeFirst()
    if (!booking) return { status: 404, message: chargeMessages.notFound }
    if (booking.status === 'Cancelled') return { status: 409, message: chargeMessages.bookingCancelled }
    if (!booking.currency) return { status: 409, message: chargeMessages.bookingNotConfirmed }
    if (input.currency !== booking.currency) {
      return refused('currency', chargeMessages.currencyNotBookings(booking.currency))
    }
    const disbursement = isDisbursementCode(input.code)
    if (disbursement && !attachment) return refused('file', chargeMessages.receiptRequired)
    const gst = addedChargeGst(input.code, input.inFreeTradeZone)
    const { last } = await trx
      .selectFrom('booking_charges')
      .select(sql<number>`coalesce(max(position), -1)`.as('last'))
      .where('booking_id', '=', booking.id)
      .executeTakeFirstOrThrow()
    const { id } = await trx
      .insertInto('booking_charges')
      .values({
        booking_id: booking.id,
        customer_id: booking.customer_id,
        position: Number(last) + 1,
        code: input.code,
        description: input.description,
        quantity_text: input.quantityText,
        currency: input.currency,
        amount: input.amount,
        gst_code: gst.code,
        gst_reason: gst.reason,
        source: disbursement ? 'disbursement' : 'change',
        status: 'pending',
        reason: input.reason,
        requested_by: request.staffId,
        requested_at: at,
        attachment_key: attachment?.key ?? null,
        attachment_name: attachment?.name ?? null,
        attachment_size: attachment?.size ?? null,
        attachment_type: attachment?.contentType ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await findCharge(trx, id)
    if (!row) throw new Error(`charge ${id} not found after insert`)
    await appendAudit(
      trx,
      {
        ...audit,
        action: 'charge.requested',
        recordType: 'charge',
        recordId: id,
        customerId: booking.customer_id,
        changes: createdFields({
          booking: booking.number,
          code: input.code,
          description: input.description,
          quantity: input.quantityText,
          currency: input.currency,
          amount: input.amount,
          gstCode: gst.code,
          source: row.source,
          reason: input.reason,
          attachment: attachment?.name ?? null,
        }),
      },
      at,
    )
    for (const to of await deciders(trx, booking.customer_id)) {
      await deps.mailer.queue(
        trx,
        chargeRequestedMail({
          to: to.email,
          name: to.name,
          bookingNumber: booking.number,
          description: input.description,
          quantityText: input.quantityText,
          currency: input.currency,
          amount: input.amount,
          gstCode: gst.code,
          source: row.source,
          reason: input.reason,
          attachmentName: attachment?.name ?? null,
          bookingLink: `${deps.mailer.appUrl}/user/bookings/${booking.number}`,
        }),
        at,
      )
    }
    await announceBooking(trx, booking.customer_id, booking.number)
    return {
      status: 201,
      body: { message: chargeMessages.requested, charge: chargeItem(row, 'staff') },
      changed: { customerId: booking.customer_id, number: booking.number },
    }
  })
}

const answers: Record<Exclude<ChargeStatus, 'pending'>, string> = {
  approved: chargeMessages.approved,
  declined: chargeMessages.declined,
  withdrawn: chargeMessages.withdrawn,
}

/**
 * A decision on charge `id` through the chart: a customer's approval or decline (`by.customerId` scopes it to
 * their company: another's is 404), or staff's withdrawal. 409 when the chart refuses (already decided).
 */
export async function decideCharge(
  deps: ChargeDeps,
  id: number,
  event: ChargeEvent,
  by: { userId: number; customerId: number } | { staffId: number },
  audit: AuditContext,
  at: Date,
  /** An approval's optional note, kept as its reason. */
  note?: string,
): Promise<ChargeOutcome> {
  const customer = 'customerId' in by ? by : null
  const reader: Reader = customer ? 'customer' : 'staff'
  return deps.db.transaction().execute(async (trx): Promise<ChargeOutcome> => {
    let query = trx
      .selectFrom('booking_charges')
      .select(['id', 'status', 'customer_id'])
      .where('id', '=', id)
      .forUpdate()
    if (customer) query = query.where('customer_id', '=', customer.customerId)
    const charge = await query.executeTakeFirst()
    if (!charge) return { status: 404, message: chargeMessages.notFound }
    const next = nextChargeStatus(charge.status, event)
    if (!next || next === 'pending') return { status: 409, message: chargeMessages.notPending }
    const reason = ('reason' in event ? event.reason : note) || null
    await trx
      .updateTable('booking_charges')
      .set({
        status: next,
        decision_reason: reason,
        decided_at: at,
        decided_by_user: customer ? customer.userId : null,
        decided_by_staff: 'staffId' in by ? by.staffId : null,
      })
      .where('id', '=', id)
      .execute()
    const row = await findCharge(trx, id)
    if (!row) throw new Error(`charge ${id} not found after its decision`)
    await appendAudit(
      trx,
      {
        ...audit,
        action: `charge.${next}`,
        recordType: 'charge',
        recordId: id,
        customerId: row.customer_id,
        changes: changedFields({ status: charge.status, reason: null }, { status: next, reason }, [
          'status',
          'reason',
        ]),
      },
      at,
    )
    await announceBooking(trx, row.customer_id, row.booking_number)
    return {
      status: 200,
      body: { message: answers[next], charge: chargeItem(row, reader) },
      changed: { customerId: row.customer_id, number: row.booking_number },
    }
  })
}
