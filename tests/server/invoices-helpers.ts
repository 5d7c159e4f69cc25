/**
 * Set-up of the invoice tests: a server with rates and bookings (booking-helpers.ts), a finance and an
 * operations staff member signed in, and charges written straight into a booking (the charges' own API is
 * tested in the charges tests; here they are what an invoice is made of).
 */
import { expect } from 'vitest'
import type { GstCode } from '../../contract/finance/charges'
import { type InvoiceDetail, type IssuedDocument, invoicePaths } from '../../contract/finance/invoice-wire'
import { type Auth, setupBookingServer } from './booking-helpers'
import { bearer, postJson } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

export interface ChargeSpec {
  code?: string
  amount: number
  gstCode: GstCode
  status?: 'approved' | 'pending'
  currency?: 'SGD' | 'USD'
}

export async function setupInvoiceServer() {
  const server = await setupBookingServer()
  const at = server.clock.now()
  const finance = bearer(await staffToken(server.app, await createTestStaff(server.db, ['finance']), at))
  const operations = bearer(
    await staffToken(server.app, await createTestStaff(server.db, ['operations']), at),
  )

  const customerIdOf = async (auth: Auth) =>
    (
      await server.db
        .selectFrom('users')
        .select('customer_id')
        .where('esus_email_id', '=', auth.email)
        .executeTakeFirstOrThrow()
    ).customer_id

  /** A booking of `auth`'s company in `currency`, with no charges yet. */
  async function booking(auth: Auth, currency: 'SGD' | 'USD' = 'SGD') {
    const number = await server.book(auth)
    await server.db.updateTable('bookings').set({ currency }).where('number', '=', number).execute()
    return number
  }

  let position = 0
  /** Charges written into a booking: their ids, in order. */
  async function addCharges(bookingNumber: string, specs: ChargeSpec[]): Promise<number[]> {
    const row = await server.db
      .selectFrom('bookings')
      .select(['id', 'customer_id', 'currency'])
      .where('number', '=', bookingNumber)
      .executeTakeFirstOrThrow()
    const rows = await server.db
      .insertInto('booking_charges')
      .values(
        specs.map((spec) => {
          position += 1
          const quoted = spec.status !== 'pending'
          return {
            booking_id: row.id,
            customer_id: row.customer_id,
            position,
            code: spec.code ?? (spec.gstCode === 'OS' ? 'DTY' : spec.gstCode === 'SR' ? 'LOC' : 'FRT'),
            description: `Charge ${position}`,
            quantity_text: '1 × per shipment',
            currency: spec.currency ?? row.currency ?? 'SGD',
            amount: spec.amount,
            gst_code: spec.gstCode,
            gst_reason: 'test',
            source:
              spec.gstCode === 'OS'
                ? ('disbursement' as const)
                : quoted
                  ? ('quote' as const)
                  : ('change' as const),
            status: spec.status ?? ('approved' as const),
            requested_at: server.clock.now(),
            decided_at: quoted ? server.clock.now() : null,
          }
        }),
      )
      .returning('id')
      .execute()
    return rows.map((r) => r.id)
  }

  const staffCall = (auth: Record<string, string>, path: string, init: RequestInit = {}) =>
    server.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...auth } })

  const setBilling = (customerId: number, body: unknown, auth: Record<string, string> = finance) =>
    staffCall(auth, invoicePaths.staffBilling(customerId), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  const billingAddress = '10 Anson Road, #20-01\nInternational Plaza\nSingapore 079903'

  /** Gives the company its billing address (and terms), as finance does in the customer directory. */
  async function billable(auth: Auth, paymentTermsDays = 30, currency: 'SGD' | 'USD' = 'SGD') {
    const customerId = await customerIdOf(auth)
    const res = await setBilling(customerId, { paymentTermsDays, currency, address: billingAddress })
    expect(res.status, await res.clone().text()).toBe(200)
    return customerId
  }

  const issue = (bookingNumber: string, chargeIds: number[], auth: Record<string, string> = finance) =>
    staffCall(auth, invoicePaths.staffIssue(bookingNumber), postJson({ chargeIds }))

  /** Issues and expects 201: the invoice. */
  async function issued(bookingNumber: string, chargeIds: number[]): Promise<InvoiceDetail> {
    const res = await issue(bookingNumber, chargeIds)
    const body = (await res.json()) as IssuedDocument
    expect(res.status, JSON.stringify(body)).toBe(201)
    return body.invoice
  }

  const credit = (number: string, body: unknown, auth: Record<string, string> = finance) =>
    staffCall(auth, invoicePaths.staffCredit(number), postJson(body))

  /** What a refused request must leave as it was. */
  async function snapshot() {
    const [invoices, lines, charges, counters, outbox, audit] = await Promise.all([
      server.db.selectFrom('invoices').selectAll().orderBy('id').execute(),
      server.db.selectFrom('invoice_lines').selectAll().orderBy('invoice_id').orderBy('line_no').execute(),
      server.db.selectFrom('booking_charges').select(['id', 'invoice_id', 'status']).orderBy('id').execute(),
      server.db.selectFrom('counters').selectAll().where('name', 'in', ['INV', 'CN']).execute(),
      server.db.selectFrom('outbox').select('id').execute(),
      server.db.selectFrom('audit_events').select('id').execute(),
    ])
    return { invoices, lines, charges, counters, outbox, audit }
  }

  return {
    ...server,
    finance,
    operations,
    customerIdOf,
    booking,
    addCharges,
    staffCall,
    setBilling,
    billable,
    billingAddress,
    issue,
    issued,
    credit,
    snapshot,
  }
}

export type InvoiceServer = Awaited<ReturnType<typeof setupInvoiceServer>>
