/**
 * The event streams of one server process (Server-Sent Events: GET /api/events for customers, GET
 * /api/staff/events for staff; docs/conversations.md).
 *
 * - One LISTEN per process on `conversations` (DatabaseHandle.listen): a notice names a new message's id; the
 *   hub loads the message once and writes it to every open stream allowed to see it (the message's company's
 *   customer streams, and the staff streams). The process that wrote a message also delivers it at once
 *   (`deliver` after the commit), so it works without notifications; a message is delivered once per process.
 * - Each event carries `id:` = the message id; a stream opened with Last-Event-ID gets every message after it
 *   that its principal may see (at most MESSAGES_MAX), then the live ones, without doubles.
 * - A comment line every STREAM_HEARTBEAT_MS keeps proxies from closing a quiet stream.
 * - Every RECHECK_MS the sessions behind the open streams are looked up (one statement per kind, without
 *   sliding their idle window): a stream whose session ended, idled out or whose staff member was deactivated
 *   or lost the role is closed. A logout closes its streams within seconds on every process.
 * - A stream whose reader does not keep up (more than SLOW_CONSUMER_BYTES waiting) is closed; the browser
 *   reconnects with Last-Event-ID and loses nothing.
 */
import type { Kysely } from 'kysely'
import { STREAM_HEARTBEAT_MS, streamEvents } from '../../contract/conversations'
import { mayCall, type StaffRole } from '../../contract/permissions'
import { liveSessions } from '../auth/sessions'
import {
  isMine,
  loadMessage,
  type MessageRow,
  messagesAfter,
  type Reader,
  toWireMessage,
} from '../conversations/service'
import type { ChannelHandlers } from '../db/client'
import type { Database } from '../db/schema'
import { liveStaffSessions } from '../staff/sessions'

/** The channel the sales desk's changes notify (migration 0021). */
export const QUOTE_DESK_CHANNEL = 'quote_desk'

/** The channel a booking's changes notify (migration 0023): `<schema> <company id> <booking number>`. */
export const BOOKINGS_CHANNEL = 'bookings'

/** The channel new messages notify (migration 0020). */
export const CONVERSATIONS_CHANNEL = 'conversations'

/** How often the sessions behind open streams are checked. */
export const RECHECK_MS = 5_000
/** Bytes a stream may have waiting for its reader before it is closed. */
export const SLOW_CONSUMER_BYTES = 1024 * 1024
/** What the browser waits before reconnecting a dropped stream (the `retry:` field). */
export const RECONNECT_MS = 3_000
/** Ids of messages already delivered by this process, remembered to deliver each once. */
const DELIVERED_REMEMBERED = 10_000

/** Who holds a stream: the session it was opened with, for the rechecks. */
export type StreamPrincipal =
  | { kind: 'customer'; sessionId: number; userId: number; customerId: number }
  | { kind: 'staff'; sessionId: number; staffId: number; roles: readonly StaffRole[] }

interface OpenStream {
  principal: StreamPrincipal
  reader: Reader
  controller: ReadableStreamDefaultController<Uint8Array>
  /** While the resume is being read: live messages wait here, and the ids sent. */
  pending: MessageRow[] | undefined
  sent: Set<number> | undefined
  closed: boolean
}

export interface EventHubOptions {
  db: Kysely<Database>
  now?: () => Date
  logger?: Pick<Console, 'error'>
  heartbeatMs?: number
  recheckMs?: number
}

const encoder = new TextEncoder()

export class EventHub implements ChannelHandlers {
  readonly #db: Kysely<Database>
  readonly #now: () => Date
  readonly #logger: Pick<Console, 'error'>
  readonly #heartbeatMs: number
  readonly #recheckMs: number
  readonly #streams = new Set<OpenStream>()
  readonly #delivered = new Set<number>()
  #highest = 0
  #live = false
  #heartbeat: ReturnType<typeof setInterval> | undefined
  #recheck: ReturnType<typeof setInterval> | undefined

  constructor(options: EventHubOptions) {
    this.#db = options.db
    this.#now = options.now ?? (() => new Date())
    this.#logger = options.logger ?? console
    this.#heartbeatMs = options.heartbeatMs ?? STREAM_HEARTBEAT_MS
    this.#recheckMs = options.recheckMs ?? RECHECK_MS
  }

  /** Open streams (tests, the bench). */
  get size(): number {
    return this.#streams.size
  }

  /**
   * A new stream for `principal`: first `retry:` and a `ready` event, then the messages after `lastEventId`
   * (when given) and every new one it may see.
   */
  open(principal: StreamPrincipal, lastEventId?: number): ReadableStream<Uint8Array> {
    const reader: Reader =
      principal.kind === 'customer'
        ? { kind: 'customer', userId: principal.userId, customerId: principal.customerId }
        : { kind: 'staff', staffId: principal.staffId, roles: principal.roles }
    let stream: OpenStream | undefined
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          const opened: OpenStream = {
            principal,
            reader,
            controller,
            pending: lastEventId === undefined ? undefined : [],
            sent: lastEventId === undefined ? undefined : new Set(),
            closed: false,
          }
          stream = opened
          this.#streams.add(opened)
          this.#timers()
          this.#write(
            opened,
            encoder.encode(`retry: ${RECONNECT_MS}\nevent: ${streamEvents.ready}\ndata: {}\n\n`),
          )
          if (lastEventId !== undefined) void this.#resume(opened, lastEventId)
        },
        cancel: () => {
          if (stream) this.#drop(stream)
        },
      },
      { highWaterMark: 0 },
    )
  }

  /**
   * The sales desk changed (a request came, was taken, answered, accepted or declined: the `quote_desk` channel):
   * every staff stream whose roles may read the queue gets a `desk` event without an id (it is a signal to read
   * the queue again, not something to resume).
   */
  deskChanged(): void {
    const event = encoder.encode(`event: ${streamEvents.desk}\ndata: {}\n\n`)
    for (const stream of this.#streams) {
      if (stream.principal.kind === 'staff' && mayCall(stream.principal.roles, 'listQuoteRequests')) {
        this.#write(stream, event)
      }
    }
  }

  /**
   * A booking changed (the `bookings` channel, or the process that changed it when it has no notifications): the
   * company's customer streams and the staff streams whose roles read the operations desk or a booking's charges
   * (finance) get a `booking` event
   * `{"number":"ESB-…"}` without an id (a signal to read the booking, its tracking or the queue again).
   */
  bookingChanged(customerId: number, number: string): void {
    const event = encoder.encode(`event: ${streamEvents.booking}\ndata: ${JSON.stringify({ number })}\n\n`)
    for (const stream of this.#streams) {
      const { principal } = stream
      const reads =
        principal.kind === 'customer'
          ? principal.customerId === customerId
          : mayCall(principal.roles, 'listOpsBookings') || mayCall(principal.roles, 'listStaffBookingCharges')
      if (reads) this.#write(stream, event)
    }
  }

  /**
   * The handlers of the `bookings` channel. While notifications come (`listening`), the process that changed a
   * booking leaves its delivery to them (`changedHere` does nothing), so each change is one event per stream;
   * without them (no LISTEN, or the connection lost) it delivers its own changes at once.
   */
  readonly bookings = {
    listening: false,
    /** Called on every booking change this process hears of or makes (the desk's queue counts forget). */
    onChange: new Set<() => void>(),
    notify: (detail?: string) => {
      for (const forget of this.bookings.onChange) forget()
      const match = /^(\d+) (\S+)$/.exec(detail ?? '')
      if (match) this.bookingChanged(Number(match[1]), match[2] as string)
    },
    live: (on: boolean) => {
      this.bookings.listening = on
    },
    /** A change this process committed: delivered here unless the notification will bring it. */
    changedHere: (changes: { customerId: number; number: string }[]) => {
      for (const forget of this.bookings.onChange) forget()
      if (this.bookings.listening) return
      for (const change of changes) this.bookingChanged(change.customerId, change.number)
    },
  }

  /** Closes every stream (shutdown); browsers reconnect to another process. */
  closeAll(): void {
    for (const stream of [...this.#streams]) this.#close(stream)
  }

  /** Loads the message of `id` once and writes it to the streams that may see it (a notice, or its writer). */
  async deliver(id: number): Promise<void> {
    if (!Number.isSafeInteger(id) || id <= 0 || this.#delivered.has(id)) return
    this.#remember(id)
    if (this.#streams.size === 0) return
    const row = await loadMessage(this.#db, id)
    if (row) this.#push(row)
  }

  // ---- ChannelHandlers of `conversations` --------------------------------------------------------------

  notify(detail?: string): void {
    if (detail === undefined) return
    this.deliver(Number(detail)).catch((error) => this.#logger.error('Delivering a message failed:', error))
  }

  live(on: boolean): void {
    const was = this.#live
    this.#live = on
    // Back after a lost connection: what was committed meanwhile was not notified.
    if (on && !was && this.#highest > 0 && this.#streams.size > 0) {
      void this.#catchUp().catch((error) => this.#logger.error('Catching up on messages failed:', error))
    }
  }

  // ---- Inside ---------------------------------------------------------------------------------------------

  #remember(id: number): void {
    this.#delivered.add(id)
    if (id > this.#highest) this.#highest = id
    if (this.#delivered.size > DELIVERED_REMEMBERED) {
      const oldest = this.#delivered.values().next().value
      if (oldest !== undefined) this.#delivered.delete(oldest)
    }
  }

  async #catchUp(): Promise<void> {
    const rows = await messagesAfter(this.#db, 'all', this.#highest)
    for (const row of rows) {
      if (this.#delivered.has(Number(row.id))) continue
      this.#remember(Number(row.id))
      this.#push(row)
    }
  }

  async #resume(stream: OpenStream, lastEventId: number): Promise<void> {
    try {
      const scope = stream.principal.kind === 'customer' ? { customerId: stream.principal.customerId } : 'all'
      const missed = await messagesAfter(this.#db, scope, lastEventId)
      for (const row of missed) this.#send(stream, row)
    } catch (error) {
      this.#logger.error('Resuming a stream failed:', error)
      this.#close(stream)
      return
    }
    const waiting = stream.pending ?? []
    stream.pending = undefined
    for (const row of waiting) this.#send(stream, row)
    stream.sent = undefined
  }

  #push(row: MessageRow): void {
    const frames = new Map<boolean, Uint8Array>()
    for (const stream of this.#streams) {
      if (!this.#maySee(stream, row)) continue
      if (stream.pending) {
        stream.pending.push(row)
        continue
      }
      const mine = isMine(row, stream.reader)
      let frame = frames.get(mine)
      if (!frame) {
        frame = frameOf(row, mine)
        frames.set(mine, frame)
      }
      this.#write(stream, frame)
    }
  }

  #send(stream: OpenStream, row: MessageRow): void {
    const id = Number(row.id)
    if (stream.sent?.has(id)) return
    stream.sent?.add(id)
    this.#write(stream, frameOf(row, isMine(row, stream.reader)))
  }

  #maySee(stream: OpenStream, row: MessageRow): boolean {
    return stream.principal.kind === 'staff' || row.customer_id === stream.principal.customerId
  }

  #write(stream: OpenStream, chunk: Uint8Array): void {
    if (stream.closed) return
    try {
      if ((stream.controller.desiredSize ?? 0) < -SLOW_CONSUMER_BYTES) {
        this.#close(stream)
        return
      }
      stream.controller.enqueue(chunk)
    } catch {
      this.#drop(stream)
    }
  }

  #close(stream: OpenStream): void {
    if (stream.closed) return
    this.#drop(stream)
    try {
      stream.controller.close()
    } catch {
      // already closed by its reader
    }
  }

  #drop(stream: OpenStream): void {
    stream.closed = true
    this.#streams.delete(stream)
    if (this.#streams.size === 0) this.#stopTimers()
  }

  #timers(): void {
    if (!this.#heartbeat) {
      const beat = encoder.encode(': heartbeat\n\n')
      this.#heartbeat = setInterval(() => {
        for (const stream of [...this.#streams]) this.#write(stream, beat)
      }, this.#heartbeatMs)
      this.#heartbeat.unref?.()
    }
    if (!this.#recheck) {
      this.#recheck = setInterval(() => {
        this.recheck().catch((error) => this.#logger.error('Checking the sessions of streams failed:', error))
      }, this.#recheckMs)
      this.#recheck.unref?.()
    }
  }

  #stopTimers(): void {
    clearInterval(this.#heartbeat)
    clearInterval(this.#recheck)
    this.#heartbeat = undefined
    this.#recheck = undefined
  }

  /**
   * Closes the streams whose session is no longer live (ended, idle past SESSION_IDLE_MS, past its absolute
   * lifetime; a staff member deactivated or without a role that may use conversations), looked up without
   * sliding the sessions' idle windows: an open stream does not keep a session alive.
   */
  async recheck(): Promise<void> {
    const streams = [...this.#streams]
    const customers = streams.filter((s) => s.principal.kind === 'customer')
    const staff = streams.filter((s) => s.principal.kind === 'staff')
    const now = this.#now()
    if (customers.length > 0) {
      const ids = [...new Set(customers.map((s) => s.principal.sessionId))]
      const live = await liveSessions(this.#db, ids, now)
      for (const stream of customers) {
        const { principal } = stream
        if (
          principal.kind === 'customer' &&
          live.get(principal.sessionId)?.customerId !== principal.customerId
        ) {
          this.#close(stream)
        }
      }
    }
    if (staff.length > 0) {
      const ids = [...new Set(staff.map((s) => s.principal.sessionId))]
      const live = await liveStaffSessions(this.#db, ids, now)
      for (const stream of staff) {
        const roles = live.get(stream.principal.sessionId)?.staff.roles
        if (!roles || !mayCall(roles, 'streamStaffEvents')) this.#close(stream)
      }
    }
  }
}

/** One `message` event: `id:` the message's id, `data:` the ConversationMessage (JSON has no line breaks). */
function frameOf(row: MessageRow, mine: boolean): Uint8Array {
  const data = JSON.stringify(toWireMessage(row, mine))
  return encoder.encode(`event: ${streamEvents.message}\nid: ${Number(row.id)}\ndata: ${data}\n\n`)
}
