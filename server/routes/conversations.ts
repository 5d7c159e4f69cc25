/**
 * Conversations (docs/conversations.md): the customer's operations behind their session, the staff's behind the
 * staff gate, and the event streams of both. The operations as the document describes them are in
 * conversations-openapi.ts.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  type Conversation,
  type ConversationSubjectType,
  conversationMessages,
  subjectNumberPatterns,
} from '../../contract/conversations'
import { conversationDesks, countedConversations, forbiddenMessage } from '../../contract/permissions'
import type { ErrorBody } from '../../contract/wire'
import { type AuditContext, customerAudit, staffAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import { markHandled, unansweredConversations } from '../conversations/handled'
import {
  findSubject,
  listMessages,
  markRead,
  postMessage,
  type Reader,
  type Subject,
  unreadCounts,
} from '../conversations/service'
import type { Database } from '../db/schema'
import type { EventHub, StreamPrincipal } from '../events/hub'
import { createRouter, limitJsonBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import {
  eventsRoute,
  getRoute,
  postRoute,
  staffEventsRoute,
  staffGetRoute,
  staffHandledRoute,
  staffPostRoute,
  staffUnansweredRoute,
  staffUnreadRoute,
  unreadRoute,
} from './conversations-openapi'

export interface ConversationRouteDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
  staffSessions: StaffSessions
  hub: EventHub
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

/** Last-Event-ID (the header EventSource sends when it reconnects), else `?lastEventId=`. */
function lastEventIdOf(c: Context): number | undefined {
  const raw = c.req.header('Last-Event-ID') ?? c.req.query('lastEventId')
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return undefined
  return Number(raw.trim())
}

function streamResponse(c: Context, body: ReadableStream<Uint8Array>) {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: no compression or buffering on the way (compress() and proxies leave it alone).
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Vary: c.res.headers.get('Vary') ?? 'Accept-Encoding',
    },
  })
}

/** The subject of the path for `reader`, or undefined (404): the number must be of the type's form. */
async function subjectOf(
  db: Kysely<Database>,
  params: { subjectType: ConversationSubjectType; number: string },
  reader: Reader,
): Promise<Subject | undefined> {
  if (!subjectNumberPatterns[params.subjectType].test(params.number)) return undefined
  return findSubject(db, params.subjectType, params.number, reader)
}

const missing = (c: Context) => c.json({ message: conversationMessages.notFound } satisfies ErrorBody, 404)

async function conversationOf(
  db: Kysely<Database>,
  reader: Reader,
  subject: Subject,
  after: string | undefined,
  now: Date,
): Promise<Conversation> {
  const { total: unread } = await unreadCounts(db, reader, subject)
  const messages = await listMessages(db, reader, subject, after ? Number(after) : 0)
  const last = messages.at(-1)
  if (last) await markRead(db, reader, subject, last.id, now)
  return { subject: { type: subject.type, number: subject.number }, messages, unread }
}

export function conversationRoutes({
  db,
  now,
  sessions,
  staffSessions,
  hub,
  clientIp,
}: ConversationRouteDeps) {
  const router = createRouter<SessionEnv>()
  router.use('/conversations/*', requireSession(sessions, now), limitJsonBody(64 * 1024))
  const customer = (c: Context<SessionEnv>): Reader => ({
    kind: 'customer',
    userId: c.var.session.userId,
    customerId: c.var.session.customerId,
  })
  /** Writes the message and hands it to this process's streams at once (others hear the notice). */
  const post = async (reader: Reader, subject: Subject, body: string, audit: AuditContext) => {
    const message = await postMessage(db, reader, subject, body, now(), audit)
    await hub.deliver(message.id)
    return message
  }

  router
    .openapi(unreadRoute, async (c) => c.json(await unreadCounts(db, customer(c)), 200))
    .openapi(getRoute, async (c) => {
      const reader = customer(c)
      const subject = await subjectOf(db, c.req.valid('param'), reader)
      if (!subject) return missing(c)
      return c.json(await conversationOf(db, reader, subject, c.req.valid('query').after, now()), 200)
    })
    .openapi(postRoute, async (c) => {
      const reader = customer(c)
      const subject = await subjectOf(db, c.req.valid('param'), reader)
      if (!subject) return missing(c)
      const audit = customerAudit(c.var.session, clientIp(c))
      return c.json({ message: await post(reader, subject, c.req.valid('json').body, audit) }, 201)
    })
    .openapi(
      { ...eventsRoute, middleware: [requireSession(sessions, now, { stream: true })] as const },
      async (c) => {
        const { sessionId, userId, customerId } = c.var.session
        const principal: StreamPrincipal = { kind: 'customer', sessionId, userId, customerId }
        return streamResponse(c, hub.open(principal, lastEventIdOf(c))) as never
      },
    )

  // ---- The staff's side ----------------------------------------------------------------------------------
  const staffRouter = createRouter<StaffEnv>()
  staffRouter.use('/staff/conversations/*', limitJsonBody(64 * 1024))
  const staffOf = (c: Context<StaffEnv>): Reader => ({
    kind: 'staff',
    staffId: c.var.staff.staffId,
    roles: c.var.staff.staff.roles,
  })
  const staff = requireStaff(staffSessions, now)

  staffRouter
    .openapi({ ...staffUnreadRoute, middleware: [staff] as const }, async (c) =>
      c.json(await unreadCounts(db, staffOf(c)), 200),
    )
    .openapi({ ...staffUnansweredRoute, middleware: [staff] as const }, async (c) =>
      c.json({ conversations: await unansweredConversations(db, c.var.staff.staff.roles) }, 200),
    )
    .openapi({ ...staffHandledRoute, middleware: [staff] as const }, async (c) => {
      const params = c.req.valid('param')
      // Each desk handles its own conversations: a booking's is not Sales' to close, nor a quote's Operations'.
      if (!countedConversations(c.var.staff.staff.roles).includes(params.subjectType)) {
        const message = forbiddenMessage(conversationDesks[params.subjectType])
        return c.json({ message } satisfies ErrorBody, 403)
      }
      const subject = await subjectOf(db, params, staffOf(c))
      if (!subject) return missing(c)
      const acting = { staffId: c.var.staff.staffId, name: c.var.staff.staff.name }
      const audit = staffAudit(c.var.staff, c.var.role, clientIp(c))
      const mark = await markHandled(db, acting, subject, c.req.valid('json').upTo, now(), audit)
      if (!mark) return c.json({ message: conversationMessages.nothingWaiting } satisfies ErrorBody, 409)
      return c.json(mark, 200)
    })
    .openapi({ ...staffGetRoute, middleware: [staff] as const }, async (c) => {
      const reader = staffOf(c)
      const subject = await subjectOf(db, c.req.valid('param'), reader)
      if (!subject) return missing(c)
      return c.json(await conversationOf(db, reader, subject, c.req.valid('query').after, now()), 200)
    })
    .openapi({ ...staffPostRoute, middleware: [staff] as const }, async (c) => {
      const reader = staffOf(c)
      const subject = await subjectOf(db, c.req.valid('param'), reader)
      if (!subject) return missing(c)
      const audit = staffAudit(c.var.staff, c.var.role, clientIp(c))
      return c.json({ message: await post(reader, subject, c.req.valid('json').body, audit) }, 201)
    })
    .openapi(
      { ...staffEventsRoute, middleware: [requireStaff(staffSessions, now, { stream: true })] as const },
      async (c) => {
        const { sessionId, staffId, staff } = c.var.staff
        const principal: StreamPrincipal = { kind: 'staff', sessionId, staffId, roles: staff.roles }
        return streamResponse(c, hub.open(principal, lastEventIdOf(c))) as never
      },
    )

  return { customer: router, staff: staffRouter }
}
