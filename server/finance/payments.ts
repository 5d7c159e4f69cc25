/**
 * Recording, allocating, reversing and refunding payments (issue 36, docs/payments.md "Payments and
 * allocations"). Every write is one transaction that first locks the payment's row (FOR UPDATE), then the
 * invoices it names (FOR UPDATE, by id, so two writers never wait on each other in a circle), and only then
 * reads what the payment has allocated so far and what each invoice owes: whoever allocates at the same time,
 * in this process or another, sees the other's allocation, and contract `allocationRefusal` decides. A
 * refusal throws `PaymentRefused` (the app answers its status and message) and so rolls everything back.
 * Nothing is deleted: a reversal takes the payment's allocations out of force; every action is audited.
 */
import { HTTPException } from 'hono/http-exception'
import type { Kysely, Transaction } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import { type PaymentDetail, paymentDeskMessages } from '../../contract/finance/payment-wire'
import {
  type AllocatableInvoice,
  type AllocationRequest,
  allocationRefusal,
  type PaymentMethod,
  paymentMessages,
  unallocatedOf,
} from '../../contract/finance/payments'
import { type AuditContext, appendAudit, changedFields, createdFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { balanceSql } from './invoice-reads'
import { paymentDetail } from './payment-reads'

type Db = Kysely<Database>
type Trx = Transaction<Database>

/** Why a payment operation changed nothing: the status (404 no such payment or company, 409, 422) and message. */
export class PaymentRefused extends HTTPException {
  constructor(
    readonly refusal: 404 | 409 | 422,
    message: string,
  ) {
    super(refusal, { message })
  }
}

/** Who acts: the staff member (kept on the rows) and the audit's actor and address. */
export interface PaymentActor {
  staffId: number
  audit: AuditContext
}

export interface RecordPaymentRequest {
  customerId: number
  receivedDay: string
  method: PaymentMethod
  currency: 'SGD' | 'USD'
  /** Minor units, above zero. */
  amount: number
  payerReference: string
  /** Allocated at once (none: all of it is credit on account). */
  allocations: AllocationRequest[]
}

const MAX_AMOUNT = 1_000_000_000

/** The payment's row, locked for the transaction; 404 when there is none. */
async function lockPayment(trx: Trx, id: number) {
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!payment) throw new PaymentRefused(404, paymentDeskMessages.notFound)
  return payment
}

type LockedPayment = Awaited<ReturnType<typeof lockPayment>>

/** What the payment's allocations add up to (in force or not: read under the payment's lock). */
async function allocatedOf(trx: Trx, paymentId: number): Promise<number> {
  const row = await trx
    .selectFrom('payment_allocations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow()
  return Number(row.sum)
}

/**
 * Allocates `lines` of the locked `payment`: locks the named invoices of its customer by id, reads what the
 * payment has left and what each owes, refuses (409 the payment's or an invoice's state, 422 an invoice that
 * cannot be named) or writes the allocations. The allocations written, for the audit.
 */
async function allocateLocked(
  trx: Trx,
  payment: LockedPayment,
  lines: readonly AllocationRequest[],
  actor: PaymentActor,
  at: Date,
): Promise<{ invoice: string; amount: number }[]> {
  const numbers = [...new Set(lines.map((line) => line.invoiceNumber))]
  const locked =
    numbers.length === 0
      ? []
      : await trx
          .selectFrom('invoices')
          .select('id')
          .where('customer_id', '=', payment.customer_id)
          .where('kind', '=', 'invoice')
          .where('number', 'in', numbers)
          .orderBy('id')
          .forUpdate()
          .execute()
  // Read after the locks: a statement of its own sees what the writers before us committed.
  const invoices =
    locked.length === 0
      ? []
      : await trx
          .selectFrom('invoices as i')
          .select(['i.id', 'i.number', 'i.currency', balanceSql.as('balance')])
          .where(
            'i.id',
            'in',
            locked.map((row) => row.id),
          )
          .execute()
  const balances = new Map<string, AllocatableInvoice>(
    invoices.map((i) => [i.number, { currency: i.currency, balance: Number(i.balance) }]),
  )
  const soFar = (await allocatedOf(trx, payment.id)) + payment.refunded
  const funds = { amount: payment.amount, currency: payment.currency, reversed: payment.reversed_at !== null }
  const message = allocationRefusal(funds, soFar, balances, lines)
  if (message !== null) {
    // The payment's or an invoice's state now (another writer may have changed it) is a conflict; an invoice
    // that is not this customer's open one of its currency, or an amount not allowed, is the request's fault.
    const left = unallocatedOf(funds, soFar)
    const conflicts = new Set<string>([
      paymentMessages.reversed,
      paymentMessages.nothingLeft,
      paymentMessages.overPayment(left),
      ...lines.map((line) =>
        paymentMessages.overInvoice(line.invoiceNumber, balances.get(line.invoiceNumber)?.balance ?? 0),
      ),
    ])
    throw new PaymentRefused(conflicts.has(message) ? 409 : 422, message)
  }
  const idOf = new Map(invoices.map((i) => [i.number, i.id]))
  await trx
    .insertInto('payment_allocations')
    .values(
      lines.map((line) => ({
        payment_id: payment.id,
        invoice_id: idOf.get(line.invoiceNumber) as number,
        amount: line.amount,
        allocated_by: actor.staffId,
        allocated_at: at,
      })),
    )
    .execute()
  return lines.map((line) => ({ invoice: line.invoiceNumber, amount: line.amount }))
}

/**
 * Records a payment of `input.customerId` in the caller's transaction, allocating it at once as given: its id,
 * or `PaymentRefused` (404 no such company, 409 / 422 an allocation refused). The bank statements' match
 * calls it in the transaction that marks its line.
 */
export async function recordPaymentIn(
  trx: Transaction<Database>,
  input: RecordPaymentRequest,
  actor: PaymentActor,
  at: Date,
): Promise<number> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new PaymentRefused(422, paymentMessages.amountPositive)
  if (input.amount > MAX_AMOUNT) throw new PaymentRefused(422, paymentMessages.amountTooLarge)
  if (input.currency !== 'SGD' && input.currency !== 'USD')
    throw new PaymentRefused(422, paymentMessages.currencyRequired)
  const company = await trx
    .selectFrom('customers')
    .select('id')
    .where('id', '=', input.customerId)
    .executeTakeFirst()
  if (!company) throw new PaymentRefused(404, paymentDeskMessages.noCompany)
  const { id } = await trx
    .insertInto('payments')
    .values({
      customer_id: input.customerId,
      received_day: input.receivedDay,
      method: input.method,
      currency: input.currency,
      amount: input.amount,
      payer_reference: input.payerReference,
      recorded_by: actor.staffId,
      recorded_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const allocations =
    input.allocations.length > 0
      ? await allocateLocked(trx, await lockPayment(trx, id), input.allocations, actor, at)
      : []
  await appendAudit(
    trx,
    {
      ...actor.audit,
      action: 'payment.recorded',
      recordType: 'payment',
      recordId: id,
      customerId: input.customerId,
      changes: createdFields({
        receivedDay: input.receivedDay,
        method: input.method,
        currency: input.currency,
        amount: input.amount,
        payerReference: input.payerReference || null,
        allocations: allocations.length > 0 ? allocations : null,
      }),
    },
    at,
  )
  return id
}

/** The payment as it now is, read in the transaction that changed it. */
async function detailIn(trx: Trx, id: number, at: Date): Promise<PaymentDetail> {
  const detail = await paymentDetail(trx, id, singaporeDateOf(at))
  if (!detail) throw new Error(`payment ${id} vanished`)
  return detail
}

/** Records a payment (and its allocations) in a transaction of its own: the payment as it now is. */
export function recordPayment(
  db: Db,
  input: RecordPaymentRequest,
  actor: PaymentActor,
  at: Date,
): Promise<PaymentDetail> {
  return db
    .transaction()
    .execute(async (trx) => detailIn(trx, await recordPaymentIn(trx, input, actor, at), at))
}

/** Allocates (more of) payment `id`: the payment as it now is, or `PaymentRefused`. */
export function allocatePayment(
  db: Db,
  id: number,
  lines: readonly AllocationRequest[],
  actor: PaymentActor,
  at: Date,
): Promise<PaymentDetail> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, id)
    const allocations = await allocateLocked(trx, payment, lines, actor, at)
    await appendAudit(
      trx,
      {
        ...actor.audit,
        action: 'payment.allocated',
        recordType: 'payment',
        recordId: id,
        customerId: payment.customer_id,
        changes: createdFields({ allocations }),
      },
      at,
    )
    return detailIn(trx, id, at)
  })
}

/**
 * Reverses payment `id` (a bounced cheque) with `reason`: its allocations go out of force (the invoices owe
 * again), nothing more can be allocated or refunded from it; nothing is deleted. 409 when already reversed.
 */
export function reversePayment(
  db: Db,
  id: number,
  reason: string,
  actor: PaymentActor,
  at: Date,
): Promise<PaymentDetail> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, id)
    if (payment.reversed_at !== null) throw new PaymentRefused(409, paymentDeskMessages.alreadyReversed)
    const undone = await trx
      .selectFrom('payment_allocations as pa')
      .innerJoin('invoices as i', 'i.id', 'pa.invoice_id')
      .select(['i.number as invoice', 'pa.amount'])
      .where('pa.payment_id', '=', id)
      .orderBy('pa.id')
      .execute()
    await trx
      .updateTable('payments')
      .set({ reversed_at: at, reversed_by: actor.staffId, reversal_reason: reason })
      .where('id', '=', id)
      .execute()
    await appendAudit(
      trx,
      {
        ...actor.audit,
        action: 'payment.reversed',
        recordType: 'payment',
        recordId: id,
        customerId: payment.customer_id,
        changes: changedFields(
          { reversedAt: null, reason: null, allocationsInForce: undone },
          { reversedAt: at, reason, allocationsInForce: [] },
          ['reversedAt', 'reason', 'allocationsInForce'],
        ),
      },
      at,
    )
    return detailIn(trx, id, at)
  })
}

/**
 * Pays back `amount` of payment `id`'s credit on account (what is neither allocated nor refunded yet): 409
 * when reversed or when it is more than that credit. Each refund is a `payment_refunds` row (its day and the
 * bank's reference), audited.
 */
export function refundPayment(
  db: Db,
  id: number,
  refund: { amount: number; reference: string },
  actor: PaymentActor,
  at: Date,
): Promise<PaymentDetail> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, id)
    if (payment.reversed_at !== null) throw new PaymentRefused(409, paymentDeskMessages.refundReversed)
    const left = payment.amount - (await allocatedOf(trx, id)) - payment.refunded
    if (refund.amount > left)
      throw new PaymentRefused(409, paymentDeskMessages.overRefund(Math.max(left, 0), payment.currency))
    const refunded = payment.refunded + refund.amount
    await trx.updateTable('payments').set({ refunded }).where('id', '=', id).execute()
    await trx
      .insertInto('payment_refunds')
      .values({
        payment_id: id,
        amount: refund.amount,
        refunded_day: singaporeDateOf(at),
        reference: refund.reference,
        refunded_by: actor.staffId,
        refunded_at: at,
      })
      .execute()
    await appendAudit(
      trx,
      {
        ...actor.audit,
        action: 'payment.refunded',
        recordType: 'payment',
        recordId: id,
        customerId: payment.customer_id,
        changes: {
          refunded: { before: payment.refunded, after: refunded },
          ...createdFields({ amount: refund.amount, reference: refund.reference || null }),
        },
      },
      at,
    )
    return detailIn(trx, id, at)
  })
}
