import type { Kysely } from 'kysely'
import type { Database, OutboxRow } from '../db/schema'

export interface OutboxMail {
  to: string
  subject: string
  text: string
  html: string
  /** Where replies go. */
  replyTo?: string | undefined
  /** Files sent with it (an invoice's PDF), their content in base64. */
  attachments?: OutboxAttachment[] | undefined
}

export interface OutboxAttachment {
  filename: string
  contentType: string
  base64: string
}

/**
 * Queues a mail for delivery. Pass the transaction of what causes the mail, so that the mail exists
 * exactly when its cause does.
 */
export async function insertOutboxMail(db: Kysely<Database>, mail: OutboxMail, now: Date): Promise<number> {
  const { replyTo, attachments, ...fields } = mail
  const row = await db
    .insertInto('outbox')
    .values({
      ...fields,
      reply_to: replyTo ?? null,
      created_at: now,
      next_attempt_at: now,
      ...(attachments?.length ? { attachments: JSON.stringify(attachments) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Claims up to `limit` mails that are due: waiting for their next attempt, or claimed by a worker whose
 * claim has lapsed (its process stopped mid-delivery). Each claim starts an attempt and lasts until
 * `claimedUntil`. `FOR UPDATE SKIP LOCKED` hands every mail to one worker when several processes share the
 * database.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  { now, claimedUntil, limit }: { now: Date; claimedUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  return db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      claimed_until: claimedUntil,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'pending'), w('next_attempt_at', '<=', now)]),
            w.and([w('status', '=', 'sending'), w('claimed_until', '<=', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute()
}

/** The outcome of one attempt; recorded only while the attempt still holds the mail (`attempts` fences it). */
export type AttemptOutcome =
  | { kind: 'sent'; at: Date }
  | { kind: 'retry'; at: Date; error: string; nextAttemptAt: Date }
  | { kind: 'failed'; at: Date; error: string }

export async function recordAttempt(
  db: Kysely<Database>,
  mail: Pick<OutboxRow, 'id' | 'attempts'>,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const set =
    outcome.kind === 'sent'
      ? { status: 'sent' as const, sent_at: outcome.at, last_error: null }
      : outcome.kind === 'retry'
        ? { status: 'pending' as const, next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error }
        : { status: 'failed' as const, failed_at: outcome.at, last_error: outcome.error }
  const result = await db
    .updateTable('outbox')
    .set({ ...set, claimed_until: null })
    .where('id', '=', mail.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', mail.attempts)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Newest first; `to` filters by recipient, case-insensitively. */
export async function listOutbox(
  db: Kysely<Database>,
  options: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxRow[]> {
  let query = db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 200)
  if (options.to) query = query.where((eb) => eb(eb.fn('lower', ['to']), '=', options.to?.toLowerCase()))
  return query.execute()
}
