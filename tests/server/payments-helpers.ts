/**
 * Set-up of the payment tests: the invoice tests' server (invoices-helpers.ts) with the payment operations
 * through real HTTP, invoices issued in one call, and what a refused request must leave as it was.
 */
import { expect } from 'vitest'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { invoicePaths } from '../../contract/finance/invoice-wire'
import { type PaymentAnswer, type PaymentDetail, paymentPaths } from '../../contract/finance/payment-wire'
import type { Auth } from './booking-helpers'
import { postJson } from './helpers'
import { setupInvoiceServer } from './invoices-helpers'

type Headers = Record<string, string>

export async function setupPaymentServer() {
  const server = await setupInvoiceServer()
  const { finance, staffCall } = server

  /** An invoice of `auth`'s company (which must be billable) of one zero-rated charge: its number. */
  async function invoice(auth: Auth, amount: number, currency: 'SGD' | 'USD' = 'SGD'): Promise<string> {
    const booking = await server.booking(auth, currency)
    const ids = await server.addCharges(booking, [{ amount, gstCode: 'ZR' }])
    return (await server.issued(booking, ids)).number
  }

  const record = (body: unknown, auth: Headers = finance) =>
    staffCall(auth, paymentPaths.staffList, postJson(body))
  const allocate = (id: number, allocations: unknown, auth: Headers = finance) =>
    staffCall(auth, paymentPaths.staffAllocate(id), postJson({ allocations }))
  const reverse = (id: number, reason: string, auth: Headers = finance) =>
    staffCall(auth, paymentPaths.staffReverse(id), postJson({ reason }))
  const refund = (id: number, amount: number, reference = '', auth: Headers = finance) =>
    staffCall(auth, paymentPaths.staffRefund(id), postJson({ amount, reference }))
  const payment = async (id: number) => {
    const res = await staffCall(finance, paymentPaths.staffDetail(id))
    expect(res.status).toBe(200)
    return (await res.json()) as PaymentDetail
  }

  /** Records a payment of `customerId` and expects 201: the payment. */
  async function recorded(
    customerId: number,
    amount: number,
    extra: { currency?: 'SGD' | 'USD'; allocations?: { invoiceNumber: string; amount: number }[] } = {},
  ): Promise<PaymentDetail> {
    const res = await record({
      customerId,
      receivedDay: '2025-06-02',
      method: 'fast',
      amount,
      currency: extra.currency ?? 'SGD',
      payerReference: 'TEST',
      ...(extra.allocations ? { allocations: extra.allocations } : {}),
    })
    const body = (await res.json()) as PaymentAnswer
    expect(res.status, JSON.stringify(body)).toBe(201)
    return body.payment
  }

  /** Expects 200 and the payment as the operation left it. */
  async function answered(res: Response): Promise<PaymentAnswer> {
    const body = (await res.json()) as PaymentAnswer
    expect(res.status, JSON.stringify(body)).toBe(200)
    return body
  }

  /** The invoice as finance reads it: balance, paid, state, PayNow. */
  const invoiceOf = async (number: string) =>
    (await (await staffCall(finance, invoicePaths.staffDetail(number))).json()) as InvoiceDetail

  /** What a refused payment request must leave as it was. */
  async function snapshot() {
    const [payments, allocations, audit] = await Promise.all([
      server.db.selectFrom('payments').selectAll().orderBy('id').execute(),
      server.db.selectFrom('payment_allocations').selectAll().orderBy('id').execute(),
      server.db.selectFrom('audit_events').select('id').execute(),
    ])
    return { payments, allocations, audit }
  }

  return {
    ...server,
    invoice,
    record,
    allocate,
    reverse,
    refund,
    payment,
    recorded,
    answered,
    invoiceOf,
    snapshot,
  }
}

export type PaymentServer = Awaited<ReturnType<typeof setupPaymentServer>>
