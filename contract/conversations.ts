/**
 * Conversations (issue 22): every quote and every booking has one conversation between the customer's company
 * and the forwarder's staff. The new message's rule, the wire shapes and the event stream's names, shared by
 * the browser and the server (docs/conversations.md).
 */
import { z } from 'zod'
import { safeString } from './text'

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
  bodyTooLong: `A message can be at most ${MESSAGE_MAX.toLocaleString('en')} characters.`,
  notFound: 'No such quote or booking.',
  sent: 'Your message has been sent.',
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
  staffEvents: '/api/staff/events',
} as const
