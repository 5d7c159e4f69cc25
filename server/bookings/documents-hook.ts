/**
 * The documents of a booking as its page and list show them. The documents feature (its own branch) builds
 * the real checklist; wiring it in is this one function's body. `booking.request` is the quote's request
 * (hazardous cargo needs a safety data sheet and a DG declaration).
 */
import type { Kysely } from 'kysely'
import type { DocumentItem } from '../../contract/bookings'
import type { BookingRow } from '../db/bookings'
import type { Database } from '../db/schema'

export async function bookingDocuments(
  _db: Kysely<Database>,
  _booking: Pick<BookingRow, 'id' | 'number' | 'mode' | 'status' | 'etd' | 'request'>,
): Promise<DocumentItem[]> {
  return []
}

/** Items still Required or Rejected. */
export function documentsOutstanding(documents: DocumentItem[]): number {
  return documents.filter((d) => d.required && (d.status === 'Required' || d.status === 'Rejected')).length
}
