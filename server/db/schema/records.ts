import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, MaybeTimestamp, Timestamp } from './columns'

/** What the server keeps beside the areas: counters, enquiries, rate limits, the mail outbox, the audit trail, conversations. */

export interface CountersTable {
  name: string
  year: number
  value: number
}

export interface EnquiriesTable {
  id: Generated<number>
  /** As the visitor typed it (trimmed); unique case-insensitively (index on lower(mail)). */
  mail: string
  name: string
  company: string
  code: string
  phone: string
  source: string
  mode: string
  message: string
  created_at: CreatedAt
}

export interface RateLimitsTable {
  key: string
  window_start: Timestamp
  count: number
}

/** A mail's delivery: `pending` waits for an attempt, `sending` is claimed by a worker, then `sent` or `failed`. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

export interface OutboxTable {
  id: Generated<number>
  to: string
  subject: string
  text: string
  html: string
  reply_to: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>
  /** Attempts started; also the fence of a claim (a worker records its outcome only for its own attempt). */
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: CreatedAt
  /** While `sending`: when the claim lapses and another worker may try again (its process stopped). */
  claimed_until: MaybeTimestamp
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  sent_at: MaybeTimestamp
  failed_at: MaybeTimestamp
  /** Files sent with the mail (migration 0028): an invoice's PDF. */
  attachments: ColumnType<
    { filename: string; contentType: string; base64: string }[],
    string | undefined,
    string
  >
}

/** The append-only audit trail (migration 0019, server/audit/audit.ts): the database refuses UPDATE, DELETE, TRUNCATE. */
export interface AuditEventsTable {
  id: ColumnType<string, never, never>
  at: Timestamp
  actor_kind: 'customer' | 'staff' | 'key' | 'system'
  actor_user_id: number | null
  actor_customer_id: number | null
  actor_staff_id: number | null
  actor_role: string | null
  actor_label: string
  /** The integration key that acted (migration 0022); null for any other actor and for OPS_API_KEY. */
  actor_key_id: ColumnType<number | null, number | null | undefined, never>
  action: string
  record_type: string
  record_id: string
  customer_id: number | null
  changes: ColumnType<Record<string, { before: unknown; after: unknown }> | null, string | null, never>
  client_address: string | null
}

/** Conversations of a quote or a booking (migration 0020, server/conversations/). */
export interface ConversationMessagesTable {
  /** Bigint: the event id of the streams (server/events/hub.ts). */
  id: ColumnType<number, never, never>
  customer_id: number
  subject_type: 'quote' | 'booking'
  subject_id: number
  author_kind: 'customer' | 'staff'
  author_user_id: number | null
  author_staff_id: number | null
  body: string
  created_at: CreatedAt
}

/** Each reader's mark in a conversation: the last message they have read. */
export interface ConversationReadsTable {
  reader_kind: 'customer' | 'staff'
  reader_id: number
  customer_id: number
  subject_type: 'quote' | 'booking'
  subject_id: number
  last_read_message_id: number
  read_at: CreatedAt
}

/** A conversation marked handled without a reply (migration 0027): the newest customer message it covers. */
export interface ConversationHandledTable {
  subject_type: 'quote' | 'booking'
  subject_id: number
  customer_id: number
  handled_message_id: number
  handled_by: number | null
  handled_at: Timestamp
}

/** The 5-minute unread mail of a message, claimed once (server/jobs/conversation-mails.ts). */
export interface ConversationMailNoticesTable {
  message_id: number
  claimed_at: Timestamp
  mailed: boolean
}
