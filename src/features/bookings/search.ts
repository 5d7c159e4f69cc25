/** The query of /user/bookings; its own small file so route files stay light. */
import { type BookingStatus, bookingStatuses } from '../../../contract/bookings'
import { type Mode, modes } from '../../../contract/pricing/types'
import type { BookingFilters } from '../../../machines/my-bookings.machine'

export interface BookingsSearch {
  status?: BookingStatus
  mode?: Mode
  q?: string
}

/** Filters from the address; anything unknown is dropped. */
export function parseBookingsSearch(search: Record<string, unknown>): BookingsSearch {
  const status = (bookingStatuses as readonly unknown[]).includes(search.status)
    ? (search.status as BookingStatus)
    : undefined
  const mode = (modes as readonly unknown[]).includes(search.mode) ? (search.mode as Mode) : undefined
  const q = typeof search.q === 'string' && search.q !== '' ? search.q.slice(0, 100) : undefined
  return { ...(status ? { status } : {}), ...(mode ? { mode } : {}), ...(q ? { q } : {}) }
}

export const filtersOf = (search: BookingsSearch): BookingFilters => ({
  status: search.status ?? '',
  mode: search.mode ?? '',
  q: search.q ?? '',
})

/** The address's query for filters: empty ones left out. */
export const searchOf = (filters: BookingFilters): BookingsSearch =>
  parseBookingsSearch({ status: filters.status, mode: filters.mode, q: filters.q })
