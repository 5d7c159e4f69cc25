import { createFileRoute } from '@tanstack/react-router'
import { headOf } from '../../app/pages'
import { BookingConfirmed } from '../../features/bookings/booking-confirmed'

/**
 * Where Confirm lands: the booking received and what happens next. Beside the booking's page rather than
 * inside it (its own address, so a reload or a shared link shows it again), and under My Bookings in the menu.
 */
export const Route = createFileRoute('/user/bookings_/$number_/confirmed')({
  head: ({ params }) =>
    headOf({
      title: `Booking ${params.number} received`,
      heading: 'Booking received',
      description: 'Your booking is received: what happens next.',
    }),
  component: () => {
    const { number } = Route.useParams()
    return <BookingConfirmed key={number} number={number} />
  },
})
