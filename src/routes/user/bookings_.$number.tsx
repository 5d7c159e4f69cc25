import { createFileRoute } from '@tanstack/react-router'
import { headOf } from '../../app/pages'
import { BookingPage } from '../../features/bookings/booking-page'

/** One booking; beside /user/bookings rather than inside it, so the list is not its layout. */
export const Route = createFileRoute('/user/bookings_/$number')({
  head: ({ params }) =>
    headOf({ title: `Booking ${params.number}`, heading: 'Booking', description: 'Your booking.' }),
  component: () => {
    const { number } = Route.useParams()
    // A new number is a new page: its own chart, not the previous booking's.
    return <BookingPage key={number} number={number} />
  },
})
