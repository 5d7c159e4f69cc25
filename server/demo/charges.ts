/**
 * The demo's change request (issue 35, docs/invoices.md): one demurrage charge added by the demo operations
 * member to the demo customer's latest confirmed booking, waiting for the customer's approval, so that the
 * dashboard, the booking page, /user/invoices and the finance desk show one. Idempotent: made once, when the
 * company has no charge added after booking; without a mail (a seeded history is not news). The company gets a
 * demo billing address when it has none, so finance can invoice it straight away.
 */
import type { Kysely } from 'kysely'
import { addedChargeGst } from '../../contract/finance/charges'
import type { Database } from '../db/schema'
import { demoCustomer } from './customer'
import { demoStaff } from './staff'

/** SGD 240.00 or USD 180.00: two days of demurrage on one container. */
const amounts: Record<string, number> = { SGD: 24_000, USD: 18_000 }

export async function ensureDemoCharges(db: Kysely<Database>, at: Date): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('customer_id')
    .where('esus_email_id', '=', demoCustomer.email)
    .executeTakeFirst()
  if (!user) return 0
  // The demo company can be invoiced at once: a billing address of the demo kind (a postcode nobody has).
  await db
    .updateTable('customers')
    .set({ billing_address: '1 Demo Way, #02-02\nSingapore 000001' })
    .where('id', '=', user.customer_id)
    .where('billing_address', 'is', null)
    .execute()
  const added = await db
    .selectFrom('booking_charges')
    .select('id')
    .where('customer_id', '=', user.customer_id)
    .where('source', '<>', 'quote')
    .executeTakeFirst()
  if (added) return 0
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'currency'])
    .where('customer_id', '=', user.customer_id)
    .where('currency', 'is not', null)
    .where('status', '<>', 'Cancelled')
    .orderBy('confirmed_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!booking?.currency) return 0
  const operations = demoStaff.find((person) => person.roles.includes('operations'))
  const staff = operations
    ? await db
        .selectFrom('staff_members')
        .select('id')
        .where('email', '=', operations.email)
        .executeTakeFirst()
    : undefined
  const { last } = await db
    .selectFrom('booking_charges')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('booking_id', '=', booking.id)
    .executeTakeFirstOrThrow()
  const gst = addedChargeGst('DEM')
  await db
    .insertInto('booking_charges')
    .values({
      booking_id: booking.id,
      customer_id: user.customer_id,
      position: (last ?? -1) + 1,
      code: 'DEM',
      description: 'Demurrage at the port of discharge',
      quantity_text: '2 days × 1 container',
      currency: booking.currency,
      amount: amounts[booking.currency] ?? 18_000,
      gst_code: gst.code,
      gst_reason: gst.reason,
      source: 'change',
      status: 'pending',
      reason: 'The container stayed two days past the free time at the terminal.',
      requested_by: staff?.id ?? null,
      requested_at: at,
    })
    .execute()
  return 1
}
