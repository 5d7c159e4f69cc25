import type { BookingDetail, BookingFilters, BookingsResponse } from '../../contract/bookings'
import type { ApiClient } from './client'

export const bookingPath = (number: string) => `/api/bookings/${encodeURIComponent(number)}`

/** listBookings: the company's bookings, filtered. */
export const listBookings = (api: ApiClient, filters: BookingFilters) =>
  api<BookingsResponse>('/api/bookings', {
    query: {
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.mode ? { mode: filters.mode } : {}),
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      ...(filters.mine ? { mine: 'true' } : {}),
    },
  }).then((r) => r.bookings)

/** getBooking: 404 `{ message }` when the number is not the company's. */
export const getBooking = (api: ApiClient, number: string) => api<BookingDetail>(bookingPath(number))

/** cancelBooking: the updated booking; 409 `bookingMessages.cannotCancel` once it is past Booking Received. */
export const cancelBooking = (api: ApiClient, number: string) =>
  api<BookingDetail>(`${bookingPath(number)}/cancel`, { method: 'POST' })
