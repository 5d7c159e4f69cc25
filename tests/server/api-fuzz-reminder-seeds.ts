/**
 * The seeds of the billing contact's operations for the API fuzz tests and the roles sweep (api-fuzz-seeds.ts
 * makeSeeds): an email the fuzzing company's Admin names, which reminders of its invoices then go to.
 */
import type { Seed } from './api-fuzz-requests'

export const billingContactSeeds: Record<string, () => Seed> = {
  getBillingContact: () => ({}),
  updateBillingContact: () => ({ body: { kind: 'json', value: { email: 'accounts.payable@example.com' } } }),
}
