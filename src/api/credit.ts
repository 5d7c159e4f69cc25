import { creditPaths, type HeldBooking } from '../../contract/finance/credit'
import type { ApiClient } from './client'

/** Credit control's calls (docs/payments.md "Credit control"), one per operation of the OpenAPI document. */

/** listCreditHolds: bookings waiting for finance's credit release, the longest waiting first. */
export const listCreditHolds = (api: ApiClient) => api<HeldBooking[]>(creditPaths.holds)

/** releaseCreditHold: finance releases a booking; operations may then confirm it. */
export const releaseCreditHold = (api: ApiClient, bookingNumber: string) =>
  api<{ message: string; bookingNumber: string }>(creditPaths.release(bookingNumber), { method: 'POST' })
