import { storageKeys } from '../../contract/constants'
import { conversationPaths } from '../../contract/conversations'
import { createEventStream, type EventStream } from './event-stream'

let stream: EventStream | undefined

/**
 * The signed-in customer's event stream (new messages of their company's conversations), one per tab, made
 * when a page first shows a conversation or the menu's unread counts.
 */
export function customerStream(): EventStream {
  stream ??= createEventStream(() => {
    const token = window.localStorage.getItem(storageKeys.authToken)
    return token ? `${conversationPaths.events}?access_token=${encodeURIComponent(token)}` : null
  })
  return stream
}
