import {
  type AddChargeInput,
  type ChargeAnswer,
  type ChargeItem,
  chargePaths,
} from '../../contract/finance/charges'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

/** A booking's charges in the console (operations and finance, issue 35), one per operation of the OpenAPI document. */

/** listStaffBookingCharges: every charge of the booking, in the order they were added. */
export const listStaffBookingCharges = (api: ApiClient, bookingNumber: string) =>
  api<ChargeItem[]>(chargePaths.staffBookingCharges(bookingNumber))

/**
 * addBookingCharge: a change request the customer approves. With a file (a disbursement's receipt) the fields go
 * as a multipart form beside it, else as JSON.
 */
export function addBookingCharge(
  api: ApiClient,
  bookingNumber: string,
  body: AddChargeInput,
  file: File | null,
) {
  const path = chargePaths.staffBookingCharges(bookingNumber)
  if (!file) return api<ChargeAnswer>(path, { method: 'POST', body })
  const form = new FormData()
  for (const [key, value] of Object.entries(body)) if (value !== undefined) form.append(key, String(value))
  form.append('file', file, file.name)
  return api<ChargeAnswer>(path, { method: 'POST', body: form })
}

/** withdrawBookingCharge: a pending change request withdrawn, with the reason the customer reads. */
export const withdrawBookingCharge = (api: ApiClient, id: number, reason: string) =>
  api<ChargeAnswer>(chargePaths.staffWithdraw(id), { method: 'POST', body: { reason } })

/** downloadStaffChargeAttachment: the charge's receipt or other file, fetched with the staff session. */
export const downloadStaffChargeAttachment = (api: ApiClient, id: number, name: string) =>
  downloadFile(api, chargePaths.staffAttachment(id), name)
