/**
 * The console's Messages inbox (issue 34, docs/conversations.md): the conversations whose customer's messages
 * wait for an answer, and marking one handled without a reply.
 *
 * Waiting: the customer's messages after the last staff message and after the conversation's handled mark
 * (`conversation_handled`, migration 0027). Reading is not answering: read marks play no part. The mark is the
 * desk's, not a person's, and covers messages up to the one the person saw; a later customer message waits again.
 */
import { type Kysely, sql } from 'kysely'
import {
  type ConversationSubjectType,
  type HandledMark,
  UNANSWERED_EXCERPT,
  type UnansweredConversation,
} from '../../contract/conversations'
import { countedConversations, type StaffRole } from '../../contract/permissions'
import { type AuditContext, appendAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { Subject } from './service'

/** The most conversations the inbox lists at once (the longest waiting). */
export const UNANSWERED_MAX = 500

/** The customer's messages of `kinds` that wait, per conversation: the inbox's rows, oldest waiting first. */
function waitingRows(
  db: Kysely<Database>,
  kinds: readonly ConversationSubjectType[],
  only?: Pick<Subject, 'type' | 'id'>,
) {
  const subject = only ? sql`and m.subject_type = ${only.type} and m.subject_id = ${only.id}` : sql``
  return sql<{
    subject_type: ConversationSubjectType
    subject_id: number
    waiting: number
    since: Date
    first_id: number
    last_id: number
  }>`
    with answered as (
      select subject_type, subject_id, max(id) as id from conversation_messages
      where author_kind = 'staff' group by subject_type, subject_id
    )
    select m.subject_type, m.subject_id, count(*)::int as waiting, min(m.created_at) as since,
      min(m.id) as first_id, max(m.id) as last_id
    from conversation_messages m
    left join answered a on a.subject_type = m.subject_type and a.subject_id = m.subject_id
    left join conversation_handled h on h.subject_type = m.subject_type and h.subject_id = m.subject_id
    where m.author_kind = 'customer' and m.subject_type in (${sql.join(kinds)}) ${subject}
      and m.id > coalesce(a.id, 0) and m.id > coalesce(h.handled_message_id, 0)
    group by m.subject_type, m.subject_id
    order by min(m.id)
    limit ${UNANSWERED_MAX}`.execute(db)
}

const excerptOf = (body: string) => {
  const characters = [...body.replace(/\s+/g, ' ').trim()]
  return characters.length <= UNANSWERED_EXCERPT
    ? characters.join('')
    : `${characters.slice(0, UNANSWERED_EXCERPT - 1).join('')}…`
}

/** The conversations waiting for an answer that someone holding `roles` answers (their desks'), oldest first. */
export async function unansweredConversations(
  db: Kysely<Database>,
  roles: readonly StaffRole[],
): Promise<UnansweredConversation[]> {
  const kinds = countedConversations(roles)
  if (kinds.length === 0) return []
  const { rows } = await waitingRows(db, kinds)
  if (rows.length === 0) return []
  const lastIds = rows.map((row) => Number(row.last_id))
  const details = await db
    .selectFrom('conversation_messages as m')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .leftJoin('quotes as q', (join) =>
      join.on('m.subject_type', '=', 'quote').onRef('q.id', '=', 'm.subject_id'),
    )
    .leftJoin('bookings as b', (join) =>
      join.on('m.subject_type', '=', 'booking').onRef('b.id', '=', 'm.subject_id'),
    )
    .leftJoin('conversation_handled as h', (join) =>
      join.onRef('h.subject_type', '=', 'm.subject_type').onRef('h.subject_id', '=', 'm.subject_id'),
    )
    .leftJoin('staff_members as s', 's.id', 'h.handled_by')
    .select([
      'm.id',
      'm.body',
      'c.name as company',
      sql<string>`coalesce(q.number, b.number, '')`.as('number'),
      'h.handled_at',
      sql<string>`coalesce(s.name, 'A former colleague')`.as('handledBy'),
    ])
    .where('m.id', 'in', lastIds)
    .execute()
  const byId = new Map(details.map((row) => [Number(row.id), row]))
  return rows.flatMap((row) => {
    const detail = byId.get(Number(row.last_id))
    if (!detail) return []
    return [
      {
        subject: { type: row.subject_type, number: detail.number },
        company: detail.company,
        waiting: Number(row.waiting),
        since: new Date(row.since).toISOString(),
        lastMessageId: Number(row.last_id),
        excerpt: excerptOf(detail.body),
        handledBefore: detail.handled_at
          ? { by: detail.handledBy, at: new Date(detail.handled_at).toISOString() }
          : null,
      },
    ]
  })
}

/**
 * Marks the conversation handled up to `upTo` (at most its newest customer message), in one transaction with its
 * audit row; undefined when none of the customer's messages up to `upTo` waits (answered or marked meanwhile).
 */
export async function markHandled(
  db: Kysely<Database>,
  staff: { staffId: number; name: string },
  subject: Subject,
  upTo: number,
  now: Date,
  audit: AuditContext,
): Promise<HandledMark | undefined> {
  return inTransaction(db, async (trx) => {
    const { rows } = await waitingRows(trx, [subject.type], subject)
    const row = rows[0]
    const covered = await trx
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('author_kind', '=', 'customer')
      .where('id', '<=', upTo)
      .executeTakeFirst()
    const through = Number(covered?.id ?? 0)
    // Nothing waits, or what waits came after what the person saw.
    if (!row || through < Number(row.first_id)) return undefined
    const before = await trx
      .selectFrom('conversation_handled')
      .select('handled_message_id')
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .executeTakeFirst()
    await trx
      .insertInto('conversation_handled')
      .values({
        subject_type: subject.type,
        subject_id: subject.id,
        customer_id: subject.customerId,
        handled_message_id: through,
        handled_by: staff.staffId,
        handled_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['subject_type', 'subject_id']).doUpdateSet({
          // Two marks at once: the mark never moves back.
          handled_message_id: sql<number>`greatest(conversation_handled.handled_message_id, excluded.handled_message_id)`,
          handled_by: staff.staffId,
          handled_at: now,
        }),
      )
      .execute()
    await appendAudit(
      trx,
      {
        ...audit,
        action: 'conversation.handled',
        recordType: subject.type,
        recordId: subject.number,
        customerId: subject.customerId,
        changes: {
          handledUpTo: {
            before: before ? Number(before.handled_message_id) : null,
            after: through,
          },
        },
      },
      now,
    )
    const left = await trx
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('author_kind', '=', 'customer')
      .where('id', '>', through)
      .executeTakeFirst()
    return {
      subject: { type: subject.type, number: subject.number },
      upTo: through,
      by: staff.name,
      at: now.toISOString(),
      waiting: Number(left?.n ?? 0),
    }
  })
}
