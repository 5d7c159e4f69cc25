import {
  type BillingContact,
  type BillingContactInput,
  type BillingContactSaved,
  billingContactPath,
} from '../../contract/finance/reminders'
import type { ApiClient } from './client'

/** getBillingContact: the email, besides the Admins, that the company's payment reminders go to. */
export const getBillingContact = (api: ApiClient) => api<BillingContact>(billingContactPath)

/** updateBillingContact (Admins): names the billing contact, or removes it with null. */
export const updateBillingContact = (api: ApiClient, body: BillingContactInput) =>
  api<BillingContactSaved>(billingContactPath, { method: 'PUT', body })
