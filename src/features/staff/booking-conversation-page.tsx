import { staffConversations } from '../../api/conversations'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'

/**
 * /staff/bookings/$number: the conversation of a booking with its customer, for Operations (and Admin). The
 * operations desk with the booking itself comes with issue 23; until then the conversation stands alone.
 */
export function BookingConversationPage({ number }: { number: string }) {
  const { api } = staffConsole()
  return (
    <>
      <p>
        <Link to="/staff/messages">Messages</Link>
      </p>
      <h1>Booking {number}</h1>
      <ConversationPanel
        subject={{ type: 'booking', number }}
        calls={staffConversations(api)}
        stream={staffStream()}
        other="the customer"
      />
    </>
  )
}
