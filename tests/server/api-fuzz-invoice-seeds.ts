/**
 * The seeds of the invoice operations for the API fuzz tests (api-fuzz.test.ts): a booking of the fuzzing
 * customer with a pool of approved charges (each valid issue takes one; once used up the answer is a
 * documented 409), an invoice whose large line each valid credit note takes a cent of, and the company's
 * billing address. Written directly in the database.
 */
import { hashToken, newToken } from '../../server/auth/tokens'
import { insertStaff } from '../../server/staff/accounts'
import { openStaffSession } from '../../server/staff/sessions'
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'

const POOL = 60

export async function makeInvoiceSeeds(
  server: BookingServer,
  customer: Auth,
): Promise<Record<string, () => Seed>> {
  const json = (value: unknown): Body => ({ kind: 'json', value })
  const { customer_id: customerId } = await server.db
    .selectFrom('users')
    .select('customer_id')
    .where('esus_email_id', '=', customer.email)
    .executeTakeFirstOrThrow()
  await server.db
    .updateTable('customers')
    .set({ billing_address: '1 Fuzz Road\nSingapore 000001' })
    .where('id', '=', customerId)
    .execute()
  const bookingNumber = await server.book(customer)
  const booking = await server.db
    .updateTable('bookings')
    .set({ currency: 'SGD' })
    .where('number', '=', bookingNumber)
    .returning('id')
    .executeTakeFirstOrThrow()
  const at = server.clock.now()
  const charges = await server.db
    .insertInto('booking_charges')
    .values(
      Array.from({ length: POOL + 1 }, (_, i) => ({
        booking_id: booking.id,
        customer_id: customerId,
        position: 1000 + i,
        code: 'FRT',
        description: `Fuzz charge ${i}`,
        quantity_text: '1 × per shipment',
        currency: 'SGD',
        amount: i === 0 ? 100_000_000 : 1_000 + i,
        gst_code: i % 2 === 0 ? ('SR' as const) : ('ZR' as const),
        gst_reason: 'fuzz',
        source: 'quote' as const,
        status: 'approved' as const,
        requested_at: at,
        decided_at: at,
      })),
    )
    .returning('id')
    .execute()
  const [first, ...pool] = charges.map((c) => c.id)
  const res = await server.app.request(`/api/staff/bookings/${bookingNumber}/invoices`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await financeHeader(server)) },
    body: JSON.stringify({ chargeIds: [first] }),
  })
  const { invoice } = (await res.json()) as { invoice: { number: string } }
  const number = invoice.number
  const day = at.toISOString().slice(0, 10)
  return {
    listInvoices: () => ({ query: { kind: 'invoice', q: 'INV', limit: '10' } }),
    getInvoice: () => ({ params: { number } }),
    downloadInvoicePdf: () => ({ params: { number } }),
    listStaffInvoices: () => ({
      query: { customerId: String(customerId), state: 'issued', from: day, to: day },
    }),
    getStaffInvoice: () => ({ params: { number } }),
    downloadStaffInvoicePdf: () => ({ params: { number } }),
    exportInvoiceUbl: () => ({ params: { number } }),
    issueInvoice: () => ({
      params: { number: bookingNumber },
      body: json({ chargeIds: [pool.pop() ?? 2_147_483_647] }),
    }),
    issueCreditNote: () => ({
      params: { number },
      body: json({ lines: [{ lineNo: 1, amount: 1 }], reason: 'Fuzzed credit', rebill: false }),
    }),
    listUninvoicedBookings: () => ({}),
    exportInvoiceJournal: () => ({ query: { from: day, to: day } }),
    getCustomerBilling: () => ({ params: { id: String(customerId) } }),
    updateCustomerBilling: () => ({
      params: { id: String(customerId) },
      body: json({ paymentTermsDays: 30, currency: 'SGD', address: '1 Fuzz Road\nSingapore 000001' }),
    }),
  }
}

/** A finance staff member's session, to issue the seeds' invoice. */
async function financeHeader(server: BookingServer): Promise<Record<string, string>> {
  const member = await insertStaff(
    server.db,
    { email: 'fuzz.finance@eship.test', name: 'Fuzz Finance', roles: ['finance'] },
    server.clock.now(),
  )
  if (!member) throw new Error('staff email taken')
  const token = newToken()
  await openStaffSession(server.db, member.id, hashToken(token), server.clock.now())
  return { Authorization: `Bearer ${token}` }
}
