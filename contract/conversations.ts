/**
 * Conversations (issue 22): every quote and every booking has one conversation between the customer's company
 * and the forwarder's staff. The new message's rule, the wire shapes and the event stream's names, shared by
 * the browser and the server (docs/conversations.md).
 */
import { z } from 'zod'
import { groupedNumber, safeString } from './text'

export const MESSAGE_MAX = 4000

export const conversationSubjects = ['quote', 'booking'] as const
export type ConversationSubjectType = (typeof conversationSubjects)[number]

/** The number of a subject: a quote's (ESQ-…) or a booking's (ESB-…). */
export const subjectNumberPatterns: Record<ConversationSubjectType, RegExp> = {
  quote: /^ESQ-\d{10}$/,
  booking: /^ESB-\d{10}$/,
}

export const conversationMessages = {
  bodyRequired: 'Write a message before sending it.',
  bodyTooLong: `A message can be at most ${groupedNumber(MESSAGE_MAX)} characters.`,
  notFound: 'No such quote or booking.',
  sent: 'Your message has been sent.',
  handled: 'Marked handled. A new message from the customer brings it back.',
  nothingWaiting:
    'Nothing in this conversation waits for an answer: a colleague answered it or marked it handled.',
} as const

/** Characters as a reader counts them: an emoji is one, not two UTF-16 units. */
export const characterCount = (text: string) => [...text].length

/** A new message: trimmed, 1 to 4,000 characters. */
export const newMessageSchema = z.object({
  body: safeString({ error: conversationMessages.bodyRequired })
    .trim()
    .min(1, conversationMessages.bodyRequired)
    .refine((text) => characterCount(text) <= MESSAGE_MAX, { error: conversationMessages.bodyTooLong }),
})
export type NewMessage = z.output<typeof newMessageSchema>

export interface ConversationSubject {
  type: ConversationSubjectType
  /** ESQ-… or ESB-… */
  number: string
}

export interface ConversationMessage {
  /** Also the event id of the stream: increasing, so a stream resumes after it (Last-Event-ID). */
  id: number
  subject: ConversationSubject
  author: {
    kind: 'customer' | 'staff'
    /** The person's name; a staff member is shown with the forwarder's name by the views if they wish. */
    name: string
  }
  body: string
  /** ISO date-time. */
  at: string
  /** Written by the person asking (this user, or this staff member). */
  mine: boolean
}

export interface Conversation {
  subject: ConversationSubject
  messages: ConversationMessage[]
  /** Messages of the other side this person has not read (0 once the conversation is opened). */
  unread: number
}

export interface UnreadSubject {
  subject: ConversationSubject
  unread: number
  /** The newest unread message's id. */
  lastMessageId: number
}

/** GET …/conversations/unread: the counts of the side menu (customer) or the console (staff). */
export interface UnreadCounts {
  total: number
  subjects: UnreadSubject[]
}

/**
 * A conversation whose customer's messages nobody has answered yet (the console's Messages inbox): the customer's
 * messages after the last staff reply and after the conversation's handled mark. Reading them is not answering.
 */
export interface UnansweredConversation {
  subject: ConversationSubject
  /** The customer's company. */
  company: string
  /** How many of the customer's messages wait. */
  waiting: number
  /** When the oldest of them was written (ISO): how long the customer has waited. */
  since: string
  /** The newest of them: what marking the conversation handled covers. */
  lastMessageId: number
  /** The newest message's text, at most UNANSWERED_EXCERPT characters (… when cut). */
  excerpt: string
  /** An earlier handled mark, when the customer wrote again after it. */
  handledBefore: { by: string; at: string } | null
}

/** GET /api/staff/conversations/unanswered: oldest waiting first. */
export interface UnansweredConversations {
  conversations: UnansweredConversation[]
}

export const UNANSWERED_EXCERPT = 140

/** POST …/handled: covers the customer's messages up to `upTo` (the newest the person saw), none after it. */
export const markHandledSchema = z.object({
  upTo: z.int('A message id.').positive('A message id.').max(Number.MAX_SAFE_INTEGER, 'A message id.'),
})
export type MarkHandled = z.output<typeof markHandledSchema>

/** The answer of marking a conversation handled. */
export interface HandledMark {
  subject: ConversationSubject
  /** The newest customer message the mark covers. */
  upTo: number
  by: string
  at: string
  /** The customer's messages still waiting (written after `upTo`). */
  waiting: number
}

/** The events of GET /api/events and GET /api/staff/events (Server-Sent Events). */
export const streamEvents = {
  /** A new message the receiver may see; `data` is a ConversationMessage, `id` its id. */
  message: 'message',
  /** Sent once when the stream opens; `data` is `{}`. */
  ready: 'ready',
  /** Staff streams whose roles read the sales desk: the queue changed (read it again); `data` is `{}`. */
  desk: 'desk',
  /**
   * A booking changed (confirmed, an event, a hold, release or cancellation, a document uploaded, reviewed or
   * asked for): read it again. `data` is `{"number":"ESB-…"}`, no id. To the booking's company's customer
   * streams, and to the staff streams whose roles read the operations desk (docs/operations-desk.md).
   */
  booking: 'booking',
} as const

/** The longest silence of a stream: a comment line is sent this often so that proxies keep it open. */
export const STREAM_HEARTBEAT_MS = 25_000

export const conversationPaths = {
  conversation: (type: ConversationSubjectType, number: string) => `/api/conversations/${type}/${number}`,
  messages: (type: ConversationSubjectType, number: string) =>
    `/api/conversations/${type}/${number}/messages`,
  unread: '/api/conversations/unread',
  events: '/api/events',
  staffConversation: (type: ConversationSubjectType, number: string) =>
    `/api/staff/conversations/${type}/${number}`,
  staffMessages: (type: ConversationSubjectType, number: string) =>
    `/api/staff/conversations/${type}/${number}/messages`,
  staffUnread: '/api/staff/conversations/unread',
  staffUnanswered: '/api/staff/conversations/unanswered',
  staffHandled: (type: ConversationSubjectType, number: string) =>
    `/api/staff/conversations/${type}/${number}/handled`,
  staffEvents: '/api/staff/events',
} as const
