import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import type { ConversationSubjectType, UnreadCounts } from '../../../contract/conversations'
import { unreadCountsMachine } from '../../../machines/unread-counts.machine'
import type { EventStream } from '../../app/event-stream'
import * as styles from './conversation.css'

/** The unread counts, kept current through the stream; `children` draws them. */
export function useUnreadCounts(load: () => Promise<UnreadCounts>, stream: EventStream): UnreadCounts | null {
  const actor = useActorRef(unreadCountsMachine.provide({ actors: { load: fromPromise(load) } }))
  useEffect(
    () =>
      stream.subscribe({
        message: (message) => actor.send({ type: 'stream.message', message }),
        ready: () => actor.send({ type: 'stream.ready' }),
        read: () => actor.send({ type: 'conversation.read' }),
      }),
    [actor, stream],
  )
  return useSelector(actor, (s) => s.context.counts)
}

/** Unread messages of one kind of subject ("2 unread messages"), or nothing. */
export function UnreadBadge({
  counts,
  type,
}: {
  counts: UnreadCounts | null
  type?: ConversationSubjectType
}) {
  const unread = (counts?.subjects ?? [])
    .filter((entry) => type === undefined || entry.subject.type === type)
    .reduce((sum, entry) => sum + entry.unread, 0)
  if (unread === 0) return null
  return (
    <span className={styles.unread}>
      {unread}
      <span className={styles.visuallyHidden}> unread {unread === 1 ? 'message' : 'messages'}</span>
    </span>
  )
}
