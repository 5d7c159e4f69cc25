/** The filters of My Bookings from and to the address's query. */

import type { BookingFilters } from '../../../contract/bookings'
import { type BookingStatus, bookingStatuses } from '../../../contract/bookings'
import { type Mode, modes } from '../../../contract/pricing/types'
import { type BookingsSearch, parseBookingsSearch } from './search'

/** The filters of a query; an unknown status or mode is no filter. */
export const filtersOf = (search: BookingsSearch): BookingFilters => ({
  status: (bookingStatuses as readonly unknown[]).includes(search.status)
    ? (search.status as BookingStatus)
    : '',
  mode: (modes as readonly unknown[]).includes(search.mode) ? (search.mode as Mode) : '',
  q: search.q ?? '',
  mine: search.whose === 'mine',
})

/** The query for filters: empty ones left out. */
export const searchOf = (filters: BookingFilters): BookingsSearch =>
  parseBookingsSearch({
    status: filters.status,
    mode: filters.mode,
    q: filters.q,
    ...(filters.mine ? { whose: 'mine' } : {}),
  })
