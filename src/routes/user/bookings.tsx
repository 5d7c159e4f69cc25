import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { MyBookings } from '../../features/bookings/my-bookings'
import { parseBookingsSearch } from '../../features/bookings/search'

const info = userPages['/user/bookings']

export const Route = createFileRoute('/user/bookings')({
  validateSearch: parseBookingsSearch,
  head: () => headOf(info),
  component: () => {
    const search = Route.useSearch()
    return <MyBookings info={info} search={search} />
  },
})
