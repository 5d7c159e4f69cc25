/**
 * Finance matches an open bank line (issue 36, docs/payments.md "Bank statements"): in one transaction the
 * line's row is locked (a second match or an ignore at the same time waits, then finds it decided: 409), the
 * payment is recorded through payments.ts `recordPaymentIn` (received on the line's booking day, its amount
 * and currency, the payer's reference from its end-to-end id or remittance, allocated as finance says), and
 * the line is marked matched with its payment, audited. A refusal rolls everything back.
 */
import type { Kysely } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import type { PaymentAnswer } from '../../contract/finance/payment-wire'
import type { ErrorBody } from '../../contract/wire'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { bankLineMessages } from './bank-lines'
import { paymentDetail } from './payment-reads'
import { PaymentRefused, type RecordPaymentRequest, recordPaymentIn } from './payments'

type Db = Kysely<Database>

export const bankMatchMessages = {
  matched: 'Bank line matched: payment recorded.',
  currency: (currency: string) =>
    `This line is in ${currency}: payments are recorded in SGD or USD only. Ignore it, or record it by hand.`,
} as const

/** The most of a reference a payment keeps (the bank's reference field). */
const REFERENCE_LENGTH = 140

/** The payer's reference a line gives its payment: its end-to-end id, else its remittance information. */
export function payerReferenceOf(line: {
  end_to_end_id: string | null
  structured_references: string[]
  unstructured: string | null
}): string {
  const text = line.end_to_end_id ?? [...line.structured_references, line.unstructured ?? ''].join(' ').trim()
  return text.replace(/\s+/g, ' ').slice(0, REFERENCE_LENGTH).trim()
}

export type MatchOutcome =
  | { ok: true; answer: PaymentAnswer }
  | { ok: false; status: 404 | 409 | 422; body: ErrorBody }

/** Matches open line `id` to a payment of `input.customerId`, allocated as given. */
export async function matchBankLine(
  db: Db,
  id: number,
  input: Pick<RecordPaymentRequest, 'customerId' | 'method' | 'allocations'>,
  who: { audit: AuditContext; staffId: number },
  at: Date,
): Promise<MatchOutcome> {
  try {
    return await db.transaction().execute(async (trx): Promise<MatchOutcome> => {
      const line = await trx
        .selectFrom('bank_statement_lines')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!line) return { ok: false, status: 404, body: { message: bankLineMessages.notFound } }
      if (line.status !== 'open')
        return { ok: false, status: 409, body: { message: bankLineMessages.notOpen } }
      if (line.currency !== 'SGD' && line.currency !== 'USD')
        return { ok: false, status: 422, body: { message: bankMatchMessages.currency(line.currency) } }
      const paymentId = await recordPaymentIn(
        trx,
        {
          customerId: input.customerId,
          receivedDay: line.booking_day,
          method: input.method,
          currency: line.currency,
          amount: line.amount,
          payerReference: payerReferenceOf(line),
          allocations: input.allocations,
        },
        who,
        at,
      )
      await trx
        .updateTable('bank_statement_lines')
        .set({ status: 'matched', payment_id: paymentId, decided_by: who.staffId, decided_at: at })
        .where('id', '=', id)
        .execute()
      await appendAudit(
        trx,
        {
          ...who.audit,
          action: 'bank-line.matched',
          recordType: 'bank-line',
          recordId: id,
          customerId: input.customerId,
          changes: changedFields({ status: 'open', paymentId: null }, { status: 'matched', paymentId }, [
            'status',
            'paymentId',
          ]),
        },
        at,
      )
      const payment = await paymentDetail(trx, paymentId, singaporeDateOf(at))
      if (!payment) throw new Error(`payment ${paymentId} vanished`)
      return { ok: true, answer: { message: bankMatchMessages.matched, payment } }
    })
  } catch (error) {
    if (error instanceof PaymentRefused)
      return { ok: false, status: error.refusal, body: { message: error.message } }
    throw error
  }
}
