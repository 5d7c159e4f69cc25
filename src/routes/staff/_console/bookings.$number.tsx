import { createFileRoute } from '@tanstack/react-router'
import { BookingConversationPage } from '../../../features/staff/booking-conversation-page'

export const Route = createFileRoute('/staff/_console/bookings/$number')({
  head: ({ params }) => ({ meta: [{ title: `${params.number} | eShip staff` }] }),
  component: BookingConversationRoute,
})

function BookingConversationRoute() {
  const { number } = Route.useParams()
  return <BookingConversationPage key={number} number={number} />
}
