import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import type { UnansweredConversation } from '../../../contract/conversations'
import { mayCall, type StaffRole } from '../../../contract/permissions'
import { messagesInboxMachine } from '../../../machines/messages-inbox.machine'
import { markConversationHandled, unansweredConversations } from '../../api/conversations'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import { ageText } from './desk-parts'
import * as styles from './sales-desk.css'

const subjectName = ({ subject }: UnansweredConversation) =>
  `${subject.type === 'quote' ? 'Quote' : 'Booking'} ${subject.number}`

/**
 * /staff/messages: the conversations whose customer's messages nobody has answered yet (quotes for Sales,
 * bookings for Operations, both for Admin), the longest waiting first, kept current live. Opening one does not
 * take it off the list: a reply does, or "Mark handled" when it needs none (machines/messages-inbox.machine.ts).
 */
export function MessagesPage() {
  const { api, session } = staffConsole()
  const roles = useSelector(session, (s) => s.context.staff?.roles ?? [])
  const actor = useActorRef(
    messagesInboxMachine.provide({
      actors: {
        load: fromPromise(() => unansweredConversations(api)),
        markHandled: fromPromise(({ input }) => markConversationHandled(api, input.subject, input.upTo)),
      },
    }),
  )
  useEffect(
    () =>
      staffStream().subscribe({
        message: () => actor.send({ type: 'stream.message' }),
        ready: () => actor.send({ type: 'stream.ready' }),
      }),
    [actor],
  )
  const state = useSelector(actor, (s) => s)
  const { conversations, notice, message, readError, marking } = state.context
  const now = new Date()

  return (
    <>
      <h1>Messages</h1>
      <p className={consoleStyles.lead}>
        Customers’ messages not answered yet, the longest waiting first. Reading one does not answer it: a
        reply from you or a colleague does, or “Mark handled” when it needs no reply. A new message from the
        customer brings it back.
      </p>
      <p role="status" className={styles.note}>
        {notice ?? ''}
      </p>
      {message || readError ? (
        <div role="alert" className={consoleStyles.error}>
          <p>{message ?? readError}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {conversations === null ? (
        state.matches('failed') ? null : (
          <p>Loading…</p>
        )
      ) : conversations.length === 0 ? (
        <p>No unanswered messages.</p>
      ) : (
        <ul className={consoleStyles.cards} aria-label="Conversations waiting for an answer">
          {conversations.map((one) => (
            <li
              key={`${one.subject.type}:${one.subject.number}`}
              className={[consoleStyles.card, styles.inboxCard].join(' ')}
              data-testid="unanswered"
            >
              <SubjectLink conversation={one} roles={roles} />
              <div>{one.company}</div>
              <p className={styles.excerpt}>“{one.excerpt}”</p>
              <p className={styles.muted}>
                {one.waiting === 1 ? '1 message' : `${one.waiting} messages`} waiting since{' '}
                {formatAccountTime(one.since, now)} ({ageText(one.since, now)})
              </p>
              {one.handledBefore ? (
                <p className={styles.muted}>
                  {`Marked handled by ${one.handledBefore.by} on ${formatAccountTime(one.handledBefore.at, now)}; the customer wrote again.`}
                </p>
              ) : null}
              <Button
                tone="secondary"
                isDisabled={!state.matches('shown')}
                aria-label={`Mark ${subjectName(one)} handled`}
                onPress={() =>
                  actor.send({ type: 'user.markHandled', subject: one.subject, upTo: one.lastMessageId })
                }
              >
                {marking?.subject.number === one.subject.number ? 'Marking…' : 'Mark handled'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className={consoleStyles.lead}>New messages appear here as they come.</p>
    </>
  )
}

/** The conversation's page: a quote's beside its request on the sales desk, a booking's on the operations desk. */
function SubjectLink({
  conversation,
  roles,
}: {
  conversation: UnansweredConversation
  roles: readonly StaffRole[]
}) {
  const { subject } = conversation
  if (subject.type === 'booking')
    return (
      <Link to="/staff/bookings/$number" params={{ number: subject.number }} className={styles.link}>
        {subjectName(conversation)}
      </Link>
    )
  return mayCall(roles, 'getQuoteRequest') ? (
    <Link to="/staff/quotes/$number" params={{ number: subject.number }} className={styles.link}>
      {subjectName(conversation)}
    </Link>
  ) : (
    <strong>{subjectName(conversation)}</strong>
  )
}
