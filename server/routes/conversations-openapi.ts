/** The conversations' operations as the OpenAPI document describes them (conversations.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
import {
  type Conversation,
  type ConversationMessage,
  conversationMessages,
  conversationSubjects,
  type HandledMark,
  MESSAGE_MAX,
  markHandledSchema,
  newMessageSchema,
  STREAM_HEARTBEAT_MS,
  UNANSWERED_EXCERPT,
  type UnansweredConversations,
  type UnreadCounts,
} from '../../contract/conversations'
import {
  bearerSecurity,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  staffSecurity,
  unauthenticatedResponse as unauthenticatedAnswer,
} from '../openapi'

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

const UnansweredSchema = documents<UnansweredConversations>()(
  z
    .object({
      conversations: z.array(
        z.object({
          subject: SubjectSchema,
          company: z.string(),
          waiting: z.int().openapi({ description: "The customer's messages waiting for an answer" }),
          since: z.string().openapi({ description: 'When the oldest of them was written (ISO)' }),
          lastMessageId: z.int().openapi({ description: 'The newest of them: what marking handled covers' }),
          excerpt: z.string().openapi({
            description: `The newest message's text, at most ${UNANSWERED_EXCERPT} characters`,
          }),
          handledBefore: z
            .object({ by: z.string(), at: z.string() })
            .nullable()
            .openapi({ description: 'The last handled mark, when the customer wrote again after it' }),
        }),
      ),
    })
    .openapi('UnansweredConversations', {
      description:
        "Conversations whose customer's messages came after the last staff reply and after the conversation's handled mark, oldest waiting first (at most 500)",
    }),
)

const HandledSchema = documents<HandledMark>()(
  z
    .object({
      subject: SubjectSchema,
      upTo: z.int().openapi({ description: 'The newest customer message the mark covers' }),
      by: z.string(),
      at: z.string(),
      waiting: z.int().openapi({ description: "The customer's messages written after it, still waiting" }),
    })
    .openapi('HandledMark'),
)

const HandledBody = z.object(markHandledSchema.shape).openapi('MarkHandled', {
  description:
    "The newest message the staff member saw: the customer's messages up to it are handled, later ones still wait",
})

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

const customerTag = ['Conversations']
const staffTag = ['Staff conversations']

export const getRoute = createRoute({
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

export const postRoute = createRoute({
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

export const unreadRoute = createRoute({
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

export const eventsRoute = createRoute({
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

export const staffGetRoute = createRoute({
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
    ...staffNotFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const staffPostRoute = createRoute({
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
    ...staffNotFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const staffUnreadRoute = createRoute({
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
    ...errorResponses.serverError,
  },
})

export const staffEventsRoute = createRoute({
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
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const staffUnansweredRoute = createRoute({
  method: 'get',
  operationId: 'listUnansweredConversations',
  path: '/staff/conversations/unanswered',
  tags: staffTag,
  summary:
    "The Messages inbox: conversations whose customer's messages nobody has answered or marked handled (reading them does not count), oldest waiting first: quotes for Sales, bookings for Operations, both for Admin",
  security: staffSecurity,
  responses: {
    200: { description: 'The conversations', ...json(UnansweredSchema) },
    ...unauthenticatedAnswer,
    ...errorResponses.serverError,
  },
})

export const staffHandledRoute = createRoute({
  method: 'post',
  operationId: 'markConversationHandled',
  path: '/staff/conversations/{subjectType}/{number}/handled',
  tags: staffTag,
  summary:
    'Mark a conversation handled without a reply (audited): it leaves the Messages inbox until the customer writes again',
  security: staffSecurity,
  request: { params: SubjectParams, ...jsonBody(HandledBody) },
  responses: {
    200: { description: `\`${conversationMessages.handled}\``, ...json(HandledSchema) },
    ...unauthenticatedAnswer,
    403: error("The conversation is another desk's (a booking's for Sales, a quote's for Operations)"),
    ...staffNotFound,
    409: error(`Nothing up to \`upTo\` waits: \`${conversationMessages.nothingWaiting}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})
