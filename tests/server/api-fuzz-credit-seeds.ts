/**
 * The seeds of the credit control operations for the API fuzz tests (api-fuzz.test.ts): the held bookings'
 * list, and a few bookings of the fuzzing customer put on credit hold directly in the database, each valid
 * release taking one (once used up, the answer is a documented 409).
 */
import { creditHoldMessages } from '../../contract/finance/credit'
import type { Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'

const POOL = 3

export async function makeCreditSeeds(
  server: BookingServer,
  customer: Auth,
): Promise<Record<string, () => Seed>> {
  const held: string[] = []
  for (let i = 0; i < POOL; i += 1) held.push(await server.book(customer))
  await server.db
    .updateTable('bookings')
    .set({ credit_hold: creditHoldMessages.limit, credit_held_at: server.clock.now() })
    .where('number', 'in', held)
    .execute()
  const spent = held[0] as string
  return {
    listCreditHolds: () => ({}),
    releaseCreditHold: () => ({ params: { number: held.pop() ?? spent } }),
  }
}
