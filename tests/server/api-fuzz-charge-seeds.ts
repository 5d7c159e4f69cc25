/**
 * The seeds of a booking's charges for the API fuzz tests (api-fuzz.test.ts): a confirmed booking of `main`
 * with its quoted charges, a receipt attached to one change request, and pools of change requests to approve
 * and to withdraw (each seed takes one; once used up, the seed's answer is the chart's 409).
 */
import { randomUUID } from 'node:crypto'
import { addedChargeGst } from '../../contract/finance/charges'
import { postgresStorage } from '../../server/storage/postgres'
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'
import { minimalPdf } from './document-fixtures'

const POOL = 16

export async function chargeSeeds(server: BookingServer, main: Auth): Promise<Record<string, () => Seed>> {
  const number = await server.book(main)
  await server.confirm(number)
  const booking = await server.db
    .selectFrom('bookings')
    .select(['id', 'customer_id', 'currency'])
    .where('number', '=', number)
    .executeTakeFirstOrThrow()
  const currency = booking.currency ?? 'SGD'
  const gst = addedChargeGst('DEM')
  let position = 1000
  const pending = async (attachment?: { key: string; size: number }) => {
    const { id } = await server.db
      .insertInto('booking_charges')
      .values({
        booking_id: booking.id,
        customer_id: booking.customer_id,
        position: position++,
        code: 'DEM',
        description: 'Demurrage',
        quantity_text: '1 day',
        currency,
        amount: 10_000,
        gst_code: gst.code,
        gst_reason: gst.reason,
        source: 'change',
        status: 'pending',
        reason: 'Past the free time.',
        requested_at: server.clock.now(),
        attachment_key: attachment?.key ?? null,
        attachment_name: attachment ? 'receipt.pdf' : null,
        attachment_size: attachment?.size ?? null,
        attachment_type: attachment ? 'application/pdf' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }
  const key = randomUUID()
  const pdf = minimalPdf('Receipt')
  const size = await postgresStorage(server.db).put(
    key,
    new ReadableStream({
      start(controller) {
        controller.enqueue(pdf)
        controller.close()
      },
    }),
  )
  const attached = await pending({ key, size })
  const toApprove: number[] = []
  const toWithdraw: number[] = []
  for (let i = 0; i < POOL; i += 1) {
    toApprove.push(await pending())
    toWithdraw.push(await pending())
  }
  const json = (value: unknown): Body => ({ kind: 'json', value })
  const spent = String(2_147_483_647)

  return {
    listBookingCharges: () => ({ params: { number } }),
    listPendingCharges: () => ({}),
    decideCharge: () => ({
      params: { id: String(toApprove.pop() ?? spent) },
      body: json({ decision: 'approve' }),
    }),
    downloadChargeAttachment: () => ({ params: { id: String(attached) } }),
    listStaffBookingCharges: () => ({ params: { number } }),
    addBookingCharge: () => ({
      params: { number },
      body: json({
        code: 'WTT',
        description: 'Waiting time at the warehouse',
        quantityText: '2 hours',
        currency,
        amount: 8_000,
        reason: 'The truck waited two hours for the cargo.',
      }),
    }),
    withdrawBookingCharge: () => ({
      params: { id: String(toWithdraw.pop() ?? spent) },
      body: json({ reason: 'Added by mistake.' }),
    }),
    downloadStaffChargeAttachment: () => ({ params: { id: String(attached) } }),
    listWaitingCharges: () => ({}),
  }
}
