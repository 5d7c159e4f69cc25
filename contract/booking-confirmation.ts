/**
 * What a customer is told right after confirming a quote: the steps that follow, in the same words on the
 * confirmation page (/user/bookings/$number/confirmed) and in the booking confirmation PDF
 * (GET /api/bookings/{number}/confirmation.pdf). Plain TypeScript, shared by browser and server.
 */
import type { BookingDetail, BookingStatus } from './bookings'
import { hblName } from './documents'
import type { ServiceSelection } from './pricing/types'
import { truckingZoneAreas } from './pricing/types'

/** The operations desk's promise (site.config.ts `operationsDesk`). */
export interface OperationsDesk {
  confirmWithin: string
  hours: string
}

/** The API path of a booking's confirmation PDF. */
export const confirmationPdfPath = (bookingNumber: string) =>
  `/api/bookings/${encodeURIComponent(bookingNumber)}/confirmation.pdf`

/** The file name the PDF is offered under. */
export const confirmationPdfName = (bookingNumber: string) => `${bookingNumber}-confirmation.pdf`

/**
 * Step 1: who confirms the booking with the carrier, by when, and what follows (the house bill, mailed).
 * Once confirmed it says so; a cancelled booking says that instead.
 */
export function operationsStep(
  booking: Pick<BookingDetail, 'status' | 'carrier' | 'mode' | 'hbl'>,
  desk: OperationsDesk,
): string {
  const bill = hblName(booking.mode).toLowerCase()
  const status: BookingStatus = booking.status
  if (status === 'Cancelled') return 'This booking was cancelled: nothing more happens.'
  if (status !== 'Booking Received') {
    return `Our operations team has confirmed the booking with ${booking.carrier}${booking.hbl ? ` and issued ${bill} ${booking.hbl}` : ''}.`
  }
  return (
    `Our operations team confirms the booking with ${booking.carrier} within ${desk.confirmWithin} ` +
    `(${desk.hours}). We then issue the ${bill} and mail it to you.`
  )
}

/** Step 2's lead: where the due dates come from. */
export function documentsStep(
  booking: Pick<BookingDetail, 'etd' | 'plannedTimes' | 'plannedSailing'>,
): string {
  if (booking.etd && !booking.plannedTimes)
    return 'Upload these documents by their due dates, counted back from the confirmed departure.'
  if (booking.plannedSailing) {
    return 'Upload these documents by their due dates, counted back from the planned departure.'
  }
  return 'Upload these documents; their due dates are set once the departure is known.'
}

/** The additional services booked, in words; "None (port to port)" when none. */
export function servicesText(services: ServiceSelection): string[] {
  const list: string[] = []
  if (services.exportCustoms) list.push('Export customs clearance')
  if (services.importCustoms) list.push('Import customs clearance')
  if (services.insurance) list.push('Cargo insurance')
  if (services.pickup)
    list.push(`Door pickup, zone ${services.pickup} (${truckingZoneAreas[services.pickup]})`)
  if (services.delivery) {
    list.push(`Door delivery, zone ${services.delivery} (${truckingZoneAreas[services.delivery]})`)
  }
  return list.length > 0 ? list : ['None (port to port)']
}
