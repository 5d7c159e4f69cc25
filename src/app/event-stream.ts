import { type ConversationMessage, streamEvents } from '../../contract/conversations'

export interface StreamListener {
  /** A new message the person may see. */
  message?: (message: ConversationMessage) => void
  /** The stream (re)opened: what happened meanwhile was sent again after the last id seen. */
  ready?: () => void
  /** A conversation was read in this tab: unread counts may have gone down. */
  read?: () => void
  /** Staff: the sales desk's queue changed. */
  desk?: () => void
  /** A booking changed (confirmed, an event, a hold, a document): read it again. */
  booking?: (change: { number: string }) => void
}

export interface EventStream {
  subscribe(listener: StreamListener): () => void
  /** Tells this tab's listeners that a conversation was read. */
  markRead(): void
}

/**
 * The browser's end of the Server-Sent Events of conversations (docs/conversations.md): one EventSource per
 * tab, opened with the first subscriber and closed with the last. EventSource reconnects by itself after a drop
 * and sends `Last-Event-ID`, so the server sends what was missed; a stream the server refuses (the session
 * ended) is closed and opened again at the next subscription. `url` gives the address with the current token
 * (EventSource cannot send an Authorization header), or null without a session.
 */
export function createEventStream(url: () => string | null): EventStream {
  const listeners = new Set<StreamListener>()
  let source: EventSource | null = null
  let lastId: string | null = null
  /** The open stream has said `ready`: a later subscriber is told so at once. */
  let ready = false

  const open = () => {
    const address = url()
    if (!address || typeof EventSource === 'undefined') return
    const resume = lastId
      ? `${address.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastId)}`
      : ''
    const opened = new EventSource(`${address}${resume}`)
    opened.addEventListener(streamEvents.message, (event) => {
      const { data, lastEventId } = event as MessageEvent<string>
      if (lastEventId) lastId = lastEventId
      let message: ConversationMessage
      try {
        message = JSON.parse(data) as ConversationMessage
      } catch {
        return
      }
      for (const listener of listeners) listener.message?.(message)
    })
    opened.addEventListener(streamEvents.desk, () => {
      for (const listener of listeners) listener.desk?.()
    })
    opened.addEventListener(streamEvents.booking, (event) => {
      let change: { number?: unknown }
      try {
        change = JSON.parse((event as MessageEvent<string>).data) as { number?: unknown }
      } catch {
        return
      }
      if (typeof change?.number !== 'string') return
      for (const listener of listeners) listener.booking?.({ number: change.number })
    })
    opened.addEventListener(streamEvents.ready, () => {
      ready = true
      for (const listener of listeners) listener.ready?.()
    })
    opened.addEventListener('error', () => {
      // CLOSED: refused (401 after the session ended), not a drop EventSource retries by itself.
      if (source === opened) ready = false
      if (opened.readyState === EventSource.CLOSED && source === opened) source = null
    })
    source = opened
    ready = false
  }

  return {
    markRead() {
      for (const listener of listeners) listener.read?.()
    },
    subscribe(listener) {
      listeners.add(listener)
      if (!source) open()
      else if (ready) queueMicrotask(() => listeners.has(listener) && listener.ready?.())
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && source) {
          source.close()
          source = null
          ready = false
        }
      }
    },
  }
}
