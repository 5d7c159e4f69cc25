import { useSelector } from '@xstate/react'
import { mayCall } from '../../../contract/permissions'
import { unreadCounts } from '../../api/conversations'
import { UnreadBadge, useUnreadCounts } from '../../components/conversation/unread-badge'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'

/**
 * /staff/messages: the conversations with customers' messages not answered yet (quotes for Sales, bookings for
 * Operations, both for Admin), newest first, kept current live; each opens beside its request or booking.
 */
export function MessagesPage() {
  const { api, session } = staffConsole()
  const roles = useSelector(session, (s) => s.context.staff?.roles ?? [])
  const counts = useUnreadCounts(() => unreadCounts(api, true), staffStream())
  const subjects = [...(counts?.subjects ?? [])].sort((a, b) => b.lastMessageId - a.lastMessageId)
  return (
    <>
      <h1>Messages</h1>
      <p className={consoleStyles.lead}>
        Customers’ messages not answered yet. A reply from you or a colleague answers them; opening one marks
        it read.
      </p>
      {counts === null ? (
        <p role="status">Loading…</p>
      ) : subjects.length === 0 ? (
        <p role="status">No unanswered messages.</p>
      ) : (
        <ul className={consoleStyles.cards} aria-label="Conversations with unread messages">
          {subjects.map(({ subject, unread }) => (
            <li key={`${subject.type}:${subject.number}`} className={consoleStyles.card}>
              {subject.type === 'quote' && mayCall(roles, 'getQuoteRequest') ? (
                <Link to="/staff/quotes/$number" params={{ number: subject.number }}>
                  Quote {subject.number}
                </Link>
              ) : subject.type === 'booking' ? (
                <Link to="/staff/bookings/$number" params={{ number: subject.number }}>
                  Booking {subject.number}
                </Link>
              ) : (
                <span>Quote {subject.number}</span>
              )}
              <UnreadBadge counts={{ total: unread, subjects: [{ subject, unread, lastMessageId: 0 }] }} />
            </li>
          ))}
        </ul>
      )}
      <p className={consoleStyles.lead}>New messages appear here as they come.</p>
    </>
  )
}
