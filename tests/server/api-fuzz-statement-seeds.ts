/**
 * The seeds of the statement of account's operations for the API fuzz tests (api-fuzz.test.ts): the fuzzing
 * customer's company, in its currency, over a period of a month.
 */
import type { Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'

export async function makeStatementSeeds(
  server: BookingServer,
  customer: Auth,
): Promise<Record<string, () => Seed>> {
  const { customer_id: customerId } = await server.db
    .selectFrom('users')
    .select('customer_id')
    .where('esus_email_id', '=', customer.email)
    .executeTakeFirstOrThrow()
  const query = { currency: 'SGD', from: '2025-05-01', to: '2025-06-01' }
  const staff = () => ({ params: { id: String(customerId) }, query })
  return {
    getStatement: () => ({ query }),
    downloadStatementPdf: () => ({ query }),
    getStaffStatement: staff,
    downloadStaffStatementPdf: staff,
  }
}
