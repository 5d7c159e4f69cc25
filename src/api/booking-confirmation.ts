import { confirmationPdfName, confirmationPdfPath } from '../../contract/booking-confirmation'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

/** getBookingConfirmation: the booking confirmation PDF, saved by the browser (404 for another company's). */
export const downloadBookingConfirmation = (api: ApiClient, number: string) =>
  downloadFile(api, confirmationPdfPath(number), confirmationPdfName(number))
