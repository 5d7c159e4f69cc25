/**
 * The seeds of the payment operations for the API fuzz tests (api-fuzz.test.ts): an invoice of the fuzzing
 * customer large enough that each valid allocation takes a cent of it, a payment large enough that each valid
 * allocation and refund takes a cent of it, and a pool of payments to reverse (each valid reversal takes one;
 * once used up the answer is a documented 404). The invoice is issued through the API; the payments are
 * written directly in the database.
 */
import { hashToken, newToken } from '../../server/auth/tokens'
import { insertStaff } from '../../server/staff/accounts'
import { openStaffSession } from '../../server/staff/sessions'
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'

const POOL = 60
const spent = String(2_147_483_647)

export async function makePaymentSeeds(
  server: BookingServer,
  customer: Auth,
): Promise<Record<string, () => Seed>> {
  const json = (value: unknown): Body => ({ kind: 'json', value })
  const at = server.clock.now()
  const day = at.toISOString().slice(0, 10)
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
  const { id: chargeId } = await server.db
    .insertInto('booking_charges')
    .values({
      booking_id: booking.id,
      customer_id: customerId,
      position: 5000,
      code: 'FRT',
      description: 'Fuzz payment charge',
      quantity_text: '1 × per shipment',
      currency: 'SGD',
      amount: 900_000_000,
      gst_code: 'ZR',
      gst_reason: 'fuzz',
      source: 'quote',
      status: 'approved',
      requested_at: at,
      decided_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const finance = await insertStaff(
    server.db,
    { email: 'fuzz.payments@eship.test', name: 'Fuzz Payments', roles: ['finance'] },
    at,
  )
  if (!finance) throw new Error('staff email taken')
  const token = newToken()
  await openStaffSession(server.db, finance.id, hashToken(token), at)
  const res = await server.app.request(`/api/staff/bookings/${bookingNumber}/invoices`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ chargeIds: [chargeId] }),
  })
  const { invoice } = (await res.json()) as { invoice: { number: string } }
  const number = invoice.number

  const payments = await server.db
    .insertInto('payments')
    .values(
      Array.from({ length: POOL + 1 }, (_, i) => ({
        customer_id: customerId,
        received_day: day,
        method: 'fast' as const,
        currency: 'SGD' as const,
        amount: i === 0 ? 1_000_000_000 : 100,
        payer_reference: `FUZZ ${i}`,
        recorded_by: finance.id,
        recorded_at: at,
      })),
    )
    .returning('id')
    .execute()
  const [big, ...pool] = payments.map((p) => String(p.id))
  const allocation = () => json({ allocations: [{ invoiceNumber: number, amount: 1 }] })
  return {
    listPayments: () => ({
      query: { customerId: String(customerId), unallocated: 'true', from: day, to: day, limit: '10' },
    }),
    getPayment: () => ({ params: { id: big as string } }),
    recordPayment: () => ({
      body: json({
        customerId,
        receivedDay: day,
        method: 'giro',
        amount: 100,
        currency: 'SGD',
        payerReference: 'Fuzzed payment',
        allocations: [{ invoiceNumber: number, amount: 1 }],
      }),
    }),
    allocatePayment: () => ({ params: { id: big as string }, body: allocation() }),
    reversePayment: () => ({ params: { id: pool.pop() ?? spent }, body: json({ reason: 'Fuzzed bounce' }) }),
    refundPayment: () => ({ params: { id: big as string }, body: json({ amount: 1, reference: 'FUZZ' }) }),
  }
}
