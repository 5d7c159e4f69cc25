import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import {
  type Conversation,
  type ConversationMessage,
  type ConversationSubjectType,
  conversationMessages,
  conversationSubjects,
  MESSAGE_MAX,
  newMessageSchema,
  STREAM_HEARTBEAT_MS,
  subjectNumberPatterns,
  type UnreadCounts,
} from '../../contract/conversations'
import { mayCall, type StaffOperation } from '../../contract/permissions'
import type { ErrorBody } from '../../contract/wire'
import { type AuditContext, customerAudit, staffAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { bearerToken, requireSession, type SessionEnv, unauthenticated } from '../auth/session'
import { hashToken } from '../auth/tokens'
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
import {
  bearerSecurity,
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  unauthenticatedResponse as unauthenticatedAnswer,
} from '../openapi'
import { forbidden, requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'

export interface ConversationRouteDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
  staffSessions: StaffSessions
  hub: EventHub
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

const staffSecurity = [{ staffBearer: [] }]

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const SubjectSchema = z.object({
  type: z.enum(conversationSubjects),
  number: z.string().openapi({ example: 'ESQ-2026000042' }),
})

const MessageSchema = documents<ConversationMessage>()(
  z
    .object({
      id: z.int().openapi({ description: 'Increasing; the event id of the streams', example: 1234 }),
      subject: SubjectSchema,
      author: z.object({ kind: z.enum(['customer', 'staff']), name: z.string() }),
      body: z.string(),
      at: z.string().openapi({ description: 'When it was sent (ISO)' }),
      mine: z.boolean().openapi({ description: 'Written by the person asking' }),
    })
    .openapi('ConversationMessage'),
)

const ConversationSchema = documents<Conversation>()(
  z
    .object({
      subject: SubjectSchema,
      messages: z.array(MessageSchema).openapi({ description: 'Oldest first; at most the newest 1,000' }),
      unread: z.int().openapi({
        description: 'How many of them were unread before this request, which marks them all read',
      }),
    })
    .openapi('Conversation'),
)

const UnreadSchema = documents<UnreadCounts>()(
  z
    .object({
      total: z.int(),
      subjects: z.array(z.object({ subject: SubjectSchema, unread: z.int(), lastMessageId: z.int() })),
    })
    .openapi('UnreadCounts', {
      description:
        "The other side's messages after the person's read mark and after their own side's last message, per conversation",
    }),
)

const SubjectParams = z.object({
  subjectType: z
    .enum(conversationSubjects, { error: conversationMessages.notFound })
    .openapi({ param: { name: 'subjectType', in: 'path' }, example: 'quote' }),
  number: z
    .string()
    .regex(/^ES[QB]-\d{10}$/, conversationMessages.notFound)
    .openapi({
      param: { name: 'number', in: 'path' },
      description: 'The quote number (ESQ-…) or the booking number (ESB-…)',
      example: 'ESQ-2026000042',
    }),
})

const AfterQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'Must be a message id.')
    .optional()
    .openapi({ description: 'Only the messages after this id' }),
})

const MessageBody = z.object(newMessageSchema.shape).openapi('NewMessage', {
  description: `The message: trimmed, 1 to ${MESSAGE_MAX} characters (\`${conversationMessages.bodyTooLong}\`)`,
})

const StreamQuery = z.object({
  access_token: z.string().optional().openapi({
    description:
      'The bearer token, for a browser EventSource, which cannot send headers; accepted on this route only (docs/conversations.md). The Authorization header wins when both are sent.',
  }),
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, 'Must be a message id.')
    .optional()
    .openapi({ description: 'Resume after this message, as the Last-Event-ID header does' }),
})

const streamDescription = [
  'Server-Sent Events: `retry:` and a `ready` event at once, then a `message` event (`id:` the message id,',
  '`data:` a ConversationMessage) for every new message the caller may see, and a comment line every',
  `${STREAM_HEARTBEAT_MS / 1000} s. A stream opened with \`Last-Event-ID\` (or \`lastEventId\`) first gets every`,
  'message after that id (at most 1,000, the newest). The stream ends within seconds of its session ending.',
].join(' ')

const streamAnswer = {
  description: 'The event stream',
  content: { 'text/event-stream': { schema: z.string() } },
}

const notFound = {
  404: error(`Not this company's quote or booking, or none: \`${conversationMessages.notFound}\``),
}
const staffNotFound = { 404: error(`No such quote or booking: \`${conversationMessages.notFound}\``) }
const staffForbidden = {
  403: error('The staff member has none of the Admin, Sales or Operations roles: `This needs the … role.`'),
}

const customerTag = ['Conversations']
const staffTag = ['Staff conversations']

const getRoute = createRoute({
  method: 'get',
  operationId: 'getConversation',
  path: '/conversations/{subjectType}/{number}',
  tags: customerTag,
  summary: "A quote's or booking's conversation with the forwarder; marks its messages read",
  security: bearerSecurity,
  request: { params: SubjectParams, query: AfterQuery },
  responses: {
    200: { description: 'The conversation', ...json(ConversationSchema) },
    ...unauthenticatedAnswer,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const postRoute = createRoute({
  method: 'post',
  operationId: 'postMessage',
  path: '/conversations/{subjectType}/{number}/messages',
  tags: customerTag,
  summary: 'Write to the forwarder in the conversation of a quote or booking of the company',
  security: bearerSecurity,
  request: { params: SubjectParams, ...jsonBody(MessageBody) },
  responses: {
    201: { description: `\`${conversationMessages.sent}\``, ...json(z.object({ message: MessageSchema })) },
    ...unauthenticatedAnswer,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const unreadRoute = createRoute({
  method: 'get',
  operationId: 'getUnreadCounts',
  path: '/conversations/unread',
  tags: customerTag,
  summary: "The user's unread messages per quote and booking (the side menu's counts)",
  security: bearerSecurity,
  responses: {
    200: { description: 'The counts', ...json(UnreadSchema) },
    ...unauthenticatedAnswer,
    ...errorResponses.serverError,
  },
})

const eventsRoute = createRoute({
  method: 'get',
  operationId: 'streamEvents',
  path: '/events',
  tags: customerTag,
  summary: "New messages of the company's conversations as they are written (Server-Sent Events)",
  description: streamDescription,
  security: bearerSecurity,
  request: { query: StreamQuery },
  responses: {
    200: streamAnswer,
    ...unauthenticatedAnswer,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const staffGetRoute = createRoute({
  method: 'get',
  operationId: 'getStaffConversation',
  path: '/staff/conversations/{subjectType}/{number}',
  tags: staffTag,
  summary: "A quote's or booking's conversation with its customer; marks its messages read",
  security: staffSecurity,
  request: { params: SubjectParams, query: AfterQuery },
  responses: {
    200: { description: 'The conversation', ...json(ConversationSchema) },
    ...unauthenticatedAnswer,
    ...staffForbidden,
    ...staffNotFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const staffPostRoute = createRoute({
  method: 'post',
  operationId: 'postStaffMessage',
  path: '/staff/conversations/{subjectType}/{number}/messages',
  tags: staffTag,
  summary: 'Write to the customer in the conversation of a quote or booking',
  security: staffSecurity,
  request: { params: SubjectParams, ...jsonBody(MessageBody) },
  responses: {
    201: { description: `\`${conversationMessages.sent}\``, ...json(z.object({ message: MessageSchema })) },
    ...unauthenticatedAnswer,
    ...staffForbidden,
    ...staffNotFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const staffUnreadRoute = createRoute({
  method: 'get',
  operationId: 'getStaffUnreadCounts',
  path: '/staff/conversations/unread',
  tags: staffTag,
  summary:
    "The staff member's unread customer messages per conversation: quotes for Sales, bookings for Operations, both for Admin",
  security: staffSecurity,
  responses: {
    200: { description: 'The counts', ...json(UnreadSchema) },
    ...unauthenticatedAnswer,
    ...staffForbidden,
    ...errorResponses.serverError,
  },
})

const staffEventsRoute = createRoute({
  method: 'get',
  operationId: 'streamStaffEvents',
  path: '/staff/events',
  tags: staffTag,
  summary: "New messages of every customer's conversations as they are written (Server-Sent Events)",
  description: streamDescription,
  security: staffSecurity,
  request: { query: StreamQuery },
  responses: {
    200: streamAnswer,
    ...unauthenticatedAnswer,
    ...staffForbidden,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

// ---- The handlers ----------------------------------------------------------------------------------------

/** 32 random bytes in base64url, as bearerToken accepts them. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * The token of an event stream: the Authorization header, else `?access_token=` (EventSource cannot send
 * headers). Only the stream routes read the query; the query is never logged (the error log prints the path).
 */
function streamToken(c: Context): string | undefined {
  const header = bearerToken(c)
  if (header) return header
  const query = c.req.query('access_token')
  return query && tokenPattern.test(query) ? query : undefined
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

  /** The customer's stream: requireSession's check, with the token also read from the query. */
  const customerStream = createMiddleware<SessionEnv>(async (c, next) => {
    const token = streamToken(c)
    const session = token ? await sessions.find(hashToken(token), now()) : undefined
    if (!session) return unauthenticated(c)
    c.set('session', session)
    await next()
  })

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
    .openapi({ ...eventsRoute, middleware: [customerStream] as const }, async (c) => {
      const { sessionId, userId, customerId } = c.var.session
      const principal: StreamPrincipal = { kind: 'customer', sessionId, userId, customerId }
      return streamResponse(c, hub.open(principal, lastEventIdOf(c))) as never
    })

  // ---- The staff's side ----------------------------------------------------------------------------------
  const staffRouter = createRouter<StaffEnv>()
  staffRouter.use('/staff/conversations/*', limitJsonBody(64 * 1024))
  const staffOf = (c: Context<StaffEnv>): Reader => ({
    kind: 'staff',
    staffId: c.var.staff.staffId,
    roles: c.var.staff.staff.roles,
  })
  const staffOnly = (operation: StaffOperation) => requireStaff(staffSessions, now, operation)
  /** requireStaff with the token also read from the query. */
  const staffStream = createMiddleware<StaffEnv>(async (c, next) => {
    const token = streamToken(c)
    const session = token ? await staffSessions.find(hashToken(token), now()) : undefined
    if (!session) return unauthenticated(c)
    if (!mayCall(session.staff.roles, 'streamStaffEvents')) return forbidden(c, 'streamStaffEvents')
    c.set('staff', session)
    c.set('role', undefined)
    await next()
  })

  staffRouter
    .openapi({ ...staffUnreadRoute, middleware: [staffOnly('getStaffUnreadCounts')] as const }, async (c) =>
      c.json(await unreadCounts(db, staffOf(c)), 200),
    )
    .openapi({ ...staffGetRoute, middleware: [staffOnly('getStaffConversation')] as const }, async (c) => {
      const reader = staffOf(c)
      const subject = await subjectOf(db, c.req.valid('param'), reader)
      if (!subject) return missing(c)
      return c.json(await conversationOf(db, reader, subject, c.req.valid('query').after, now()), 200)
    })
    .openapi({ ...staffPostRoute, middleware: [staffOnly('postStaffMessage')] as const }, async (c) => {
      const reader = staffOf(c)
      const subject = await subjectOf(db, c.req.valid('param'), reader)
      if (!subject) return missing(c)
      const audit = staffAudit(c.var.staff, c.var.role, clientIp(c))
      return c.json({ message: await post(reader, subject, c.req.valid('json').body, audit) }, 201)
    })
    .openapi({ ...staffEventsRoute, middleware: [staffStream] as const }, async (c) => {
      const { sessionId, staffId, staff } = c.var.staff
      const principal: StreamPrincipal = { kind: 'staff', sessionId, staffId, roles: staff.roles }
      return streamResponse(c, hub.open(principal, lastEventIdOf(c))) as never
    })

  return { customer: router, staff: staffRouter }
}
