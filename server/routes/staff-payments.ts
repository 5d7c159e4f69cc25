/**
 * Finance's payments (issue 36, docs/payments.md "Payments and allocations"): the list, one payment, and
 * recording, allocating, reversing and refunding, each in one transaction with its audit row
 * (server/finance/payments.ts). The operations as the document describes them are in
 * staff-payments-openapi.ts; the staff gate checks each one's roles (contract/permissions.ts).
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import { invoiceMessages } from '../../contract/finance/invoices'
import { type PaymentDetail, paymentDeskMessages } from '../../contract/finance/payment-wire'
import { paymentMessages } from '../../contract/finance/payments'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { listPayments, paymentDetail } from '../finance/payment-reads'
import {
  allocatePayment,
  type PaymentActor,
  PaymentRefused,
  recordPayment,
  refundPayment,
  reversePayment,
} from '../finance/payments'
import { createRouter, limitJsonBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import {
  allocateRoute,
  getRoute,
  listRoute,
  recordRoute,
  refundRoute,
  reverseRoute,
} from './staff-payments-openapi'

export interface StaffPaymentDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

const notFoundBody = { message: paymentDeskMessages.notFound } satisfies ErrorBody

export function staffPaymentRoutes(deps: StaffPaymentDeps) {
  const { db, now, staffSessions, clientIp } = deps
  const staff = requireStaff(staffSessions, now)
  const body = limitJsonBody(64 * 1024)
  const actor = (c: Context<StaffEnv>): PaymentActor => ({
    audit: staffAudit(c.var.staff, c.var.role, clientIp(c)),
    staffId: c.var.staff.staffId,
  })
  const idOf = (raw: string) => {
    const id = Number(raw)
    return id <= INT32_MAX ? id : undefined
  }
  /** The payment as the operation left it with its message, or the refusal's status and message. */
  async function answer(
    c: Context<StaffEnv>,
    status: 200 | 201,
    message: string,
    write: () => Promise<PaymentDetail>,
  ) {
    try {
      return c.json({ message, payment: await write() }, status)
    } catch (error) {
      if (error instanceof PaymentRefused) return c.json({ message: error.message }, error.refusal)
      throw error
    }
  }

  return createRouter<StaffEnv>()
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) => {
      const page = await listPayments(db, c.req.valid('query'))
      if (!page) return c.json({ message: invoiceMessages.badCursor }, 422)
      return c.json(page, 200)
    })
    .openapi({ ...getRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      const detail = id === undefined ? null : await paymentDetail(db, id, singaporeDateOf(now()))
      if (!detail) return c.json(notFoundBody, 404)
      return c.json(detail, 200)
    })
    .openapi({ ...recordRoute, middleware: [staff, body] as const }, async (c) => {
      const input = c.req.valid('json')
      return answer(c, 201, paymentMessages.recorded, () =>
        recordPayment(
          db,
          {
            customerId: input.customerId,
            receivedDay: input.receivedDay,
            method: input.method,
            currency: input.currency,
            amount: input.amount,
            payerReference: input.payerReference,
            allocations: input.allocations ?? [],
          },
          actor(c),
          now(),
        ),
      ) as never
    })
    .openapi({ ...allocateRoute, middleware: [staff, body] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      if (id === undefined) return c.json(notFoundBody, 404)
      const { allocations } = c.req.valid('json')
      return answer(c, 200, paymentMessages.allocated, () =>
        allocatePayment(db, id, allocations, actor(c), now()),
      ) as never
    })
    .openapi({ ...reverseRoute, middleware: [staff, body] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      if (id === undefined) return c.json(notFoundBody, 404)
      const { reason } = c.req.valid('json')
      return answer(c, 200, paymentMessages.reversedDone, () =>
        reversePayment(db, id, reason, actor(c), now()),
      ) as never
    })
    .openapi({ ...refundRoute, middleware: [staff, body] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      if (id === undefined) return c.json(notFoundBody, 404)
      const refund = c.req.valid('json')
      return answer(c, 200, paymentDeskMessages.refunded, () =>
        refundPayment(db, id, refund, actor(c), now()),
      ) as never
    })
}
