import {
  type ChargeAnswer,
  type ChargeItem,
  chargePaths,
  type DecideChargeInput,
  type PendingChargeItem,
} from '../../contract/finance/charges'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

/** listBookingCharges: the booking's charges (none before it is confirmed); 404 for another company's. */
export const listBookingCharges = (api: ApiClient, number: string) =>
  api<ChargeItem[]>(chargePaths.bookingCharges(number))

/** listPendingCharges: the company's change requests waiting for an answer, oldest first. */
export const listPendingCharges = (api: ApiClient) => api<PendingChargeItem[]>(chargePaths.pending)

/**
 * decideCharge (Members and Admins): approve, or decline with a reason; 409 `chargeMessages.notPending` when
 * it was already decided or withdrawn, 422 with the reason's message.
 */
export const decideCharge = (api: ApiClient, id: number, input: DecideChargeInput) =>
  api<ChargeAnswer>(chargePaths.decide(id), { method: 'POST', body: input })

/** downloadChargeAttachment: the charge's attached file (a receipt), fetched with the session. */
export const downloadChargeAttachment = (api: ApiClient, id: number, name: string) =>
  downloadFile(api, chargePaths.attachment(id), name)
