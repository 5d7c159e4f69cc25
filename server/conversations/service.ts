/**
 * Conversations (docs/conversations.md): one per quote and per booking, between the customer's company and the
 * forwarder's staff. Who may see what, the messages, each person's read mark and the unread counts.
 *
 * Unread, for a person on one side (a customer's user, or a staff member): the other side's messages of a
 * conversation after the person's read mark and after the last message of the person's own side (a reply from
 * one's side answers what came before it).
 */
import { type Kysely, sql } from 'kysely'
import {
  type ConversationMessage,
  type ConversationSubject,
  type ConversationSubjectType,
  conversationSubjects,
  type UnreadCounts,
} from '../../contract/conversations'
import { countedConversations, type StaffRole } from '../../contract/permissions'
import { type AuditContext, appendAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'

/** Who reads or writes: a customer's user (their company's conversations only) or a staff member (any). */
export type Reader =
  | { kind: 'customer'; userId: number; customerId: number }
  | { kind: 'staff'; staffId: number; roles?: readonly StaffRole[] }

/** A quote or booking a conversation belongs to. */
export interface Subject {
  type: ConversationSubjectType
  id: number
  number: string
  customerId: number
}

/** A message as stored, with what its wire form needs: the subject's number and the author's name. */
export interface MessageRow {
  id: number
  customer_id: number
  subject_type: ConversationSubjectType
  subject_id: number
  number: string
  author_kind: 'customer' | 'staff'
  author_user_id: number | null
  author_staff_id: number | null
  author_name: string
  body: string
  created_at: Date
}

/** The most messages a conversation's page or a stream's resume sends at once (the newest). */
export const MESSAGES_MAX = 1000

/**
 * The quote (ESQ-…) or booking (ESB-…) of that number; for a customer only their company's (otherwise
 * undefined, which the routes answer 404: another company's record is not told apart from none).
 */
export async function findSubject(
  db: Kysely<Database>,
  type: ConversationSubjectType,
  number: string,
  reader: Reader,
): Promise<Subject | undefined> {
  const table = type === 'quote' ? 'quotes' : 'bookings'
  let query = db.selectFrom(table).select(['id', 'number', 'customer_id']).where('number', '=', number)
  if (reader.kind === 'customer') query = query.where('customer_id', '=', reader.customerId)
  const row = await query.executeTakeFirst()
  return row && { type, id: row.id, number: row.number, customerId: row.customer_id }
}

/** The messages of `where`, oldest first, with their subject's number and author's name. */
function selectMessages(db: Kysely<Database>) {
  return db
    .selectFrom('conversation_messages as m')
    .leftJoin('quotes as q', (join) =>
      join.on('m.subject_type', '=', 'quote').onRef('q.id', '=', 'm.subject_id'),
    )
    .leftJoin('bookings as b', (join) =>
      join.on('m.subject_type', '=', 'booking').onRef('b.id', '=', 'm.subject_id'),
    )
    .leftJoin('users as u', 'u.id', 'm.author_user_id')
    .leftJoin('staff_members as s', 's.id', 'm.author_staff_id')
    .select([
      'm.id',
      'm.customer_id',
      'm.subject_type',
      'm.subject_id',
      'm.author_kind',
      'm.author_user_id',
      'm.author_staff_id',
      'm.body',
      'm.created_at',
      sql<string>`coalesce(q.number, b.number, '')`.as('number'),
      sql<string>`coalesce(u.esus_name, s.name, case m.author_kind when 'staff' then 'eShip' else 'Customer' end)`.as(
        'author_name',
      ),
    ])
}

/** One message by id (what a stream is notified of), or undefined. */
export async function loadMessage(db: Kysely<Database>, id: number): Promise<MessageRow | undefined> {
  return (await selectMessages(db).where('m.id', '=', id).executeTakeFirst()) as MessageRow | undefined
}

/**
 * The messages a stream's principal may see after `afterId` (a resume: Last-Event-ID), oldest first, at most
 * MESSAGES_MAX (the newest of them).
 */
export async function messagesAfter(
  db: Kysely<Database>,
  scope: { customerId: number } | 'all',
  afterId: number,
): Promise<MessageRow[]> {
  let query = selectMessages(db).where('m.id', '>', afterId)
  if (scope !== 'all') query = query.where('m.customer_id', '=', scope.customerId)
  const rows = await query.orderBy('m.id', 'desc').limit(MESSAGES_MAX).execute()
  return (rows as MessageRow[]).reverse()
}

/** Whether `reader` wrote the message. */
export function isMine(
  row: Pick<MessageRow, 'author_kind' | 'author_user_id' | 'author_staff_id'>,
  reader: Reader,
) {
  return reader.kind === 'customer'
    ? row.author_kind === 'customer' && row.author_user_id === reader.userId
    : row.author_kind === 'staff' && row.author_staff_id === reader.staffId
}

export function toWireMessage(row: MessageRow, mine: boolean): ConversationMessage {
  return {
    id: Number(row.id),
    subject: { type: row.subject_type, number: row.number },
    author: { kind: row.author_kind, name: row.author_name },
    body: row.body,
    at: new Date(row.created_at).toISOString(),
    mine,
  }
}

/** The messages of a subject after `afterId` (0: from the start), oldest first, at most MESSAGES_MAX (the newest). */
export async function listMessages(
  db: Kysely<Database>,
  reader: Reader,
  subject: Subject,
  afterId = 0,
): Promise<ConversationMessage[]> {
  const rows = await selectMessages(db)
    .where('m.subject_type', '=', subject.type)
    .where('m.subject_id', '=', subject.id)
    .where('m.id', '>', afterId)
    .orderBy('m.id', 'desc')
    .limit(MESSAGES_MAX)
    .execute()
  return (rows as MessageRow[]).reverse().map((row) => toWireMessage(row, isMine(row, reader)))
}

/** Writes a message of `reader` (who has read everything up to it); the message as the author sees it. */
export async function postMessage(
  db: Kysely<Database>,
  reader: Reader,
  subject: Subject,
  body: string,
  now: Date,
  /** Who writes, for the audit trail's row of the message (in the same transaction). */
  audit?: AuditContext,
): Promise<ConversationMessage> {
  const id = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('conversation_messages')
      .values({
        customer_id: subject.customerId,
        subject_type: subject.type,
        subject_id: subject.id,
        author_kind: reader.kind,
        author_user_id: reader.kind === 'customer' ? reader.userId : null,
        author_staff_id: reader.kind === 'staff' ? reader.staffId : null,
        body,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const messageId = Number(inserted.id)
    await markRead(trx, reader, subject, messageId, now)
    if (audit) {
      await appendAudit(
        trx,
        {
          ...audit,
          action: 'message.sent',
          recordType: subject.type,
          recordId: subject.number,
          customerId: subject.customerId,
          changes: { message: { before: null, after: { id: messageId, characters: [...body].length } } },
        },
        now,
      )
    }
    return messageId
  })
  const row = await loadMessage(db, id)
  if (!row) throw new Error(`message ${id} vanished`)
  return toWireMessage(row, true)
}

/** Moves the reader's mark in the subject's conversation up to `messageId` (never back). */
export async function markRead(
  db: Kysely<Database>,
  reader: Reader,
  subject: Subject,
  messageId: number,
  now: Date,
): Promise<void> {
  if (messageId <= 0) return
  await sql`
    insert into conversation_reads
      (reader_kind, reader_id, customer_id, subject_type, subject_id, last_read_message_id, read_at)
    values (${reader.kind}, ${readerId(reader)}, ${subject.customerId}, ${subject.type}, ${subject.id},
      ${messageId}, ${now})
    on conflict (reader_kind, reader_id, subject_type, subject_id) do update
      set last_read_message_id = greatest(conversation_reads.last_read_message_id, excluded.last_read_message_id),
        read_at = excluded.read_at`.execute(db)
}

const readerId = (reader: Reader) => (reader.kind === 'customer' ? reader.userId : reader.staffId)

/** The reader's unread messages per conversation (see the top of this file), newest conversation first. */
export async function unreadCounts(
  db: Kysely<Database>,
  reader: Reader,
  only?: Pick<Subject, 'type' | 'id'>,
): Promise<UnreadCounts> {
  const other = reader.kind === 'customer' ? 'staff' : 'customer'
  // A staff member's: the conversations of the desks their roles open (contract/permissions.ts); all when the
  // roles are not given.
  const types: readonly ConversationSubjectType[] =
    reader.kind === 'staff' && reader.roles ? countedConversations(reader.roles) : conversationSubjects
  if (types.length === 0) return { total: 0, subjects: [] }
  const company = reader.kind === 'customer' ? sql`and m.customer_id = ${reader.customerId}` : sql``
  const ownCompany = reader.kind === 'customer' ? sql`and o.customer_id = ${reader.customerId}` : sql``
  const subject = only ? sql`and m.subject_type = ${only.type} and m.subject_id = ${only.id}` : sql``
  const { rows } = await sql<{
    subject_type: ConversationSubjectType
    subject_id: number
    unread: number
    last_id: number
    number: string
  }>`
    with own as (
      select o.subject_type, o.subject_id, max(o.id) as id from conversation_messages o
      where o.author_kind = ${reader.kind} ${ownCompany}
      group by o.subject_type, o.subject_id
    )
    select m.subject_type, m.subject_id, count(*)::int as unread, max(m.id) as last_id,
      coalesce(max(q.number), max(b.number), '') as number
    from conversation_messages m
    left join conversation_reads r on r.reader_kind = ${reader.kind} and r.reader_id = ${readerId(reader)}
      and r.subject_type = m.subject_type and r.subject_id = m.subject_id
    left join own on own.subject_type = m.subject_type and own.subject_id = m.subject_id
    left join quotes q on m.subject_type = 'quote' and q.id = m.subject_id
    left join bookings b on m.subject_type = 'booking' and b.id = m.subject_id
    where m.author_kind = ${other} ${company} ${subject}
      and m.subject_type in (${sql.join(types)})
      and m.id > coalesce(r.last_read_message_id, 0) and m.id > coalesce(own.id, 0)
    group by m.subject_type, m.subject_id
    order by max(m.id) desc`.execute(db)
  const subjects = rows.map((row) => ({
    subject: { type: row.subject_type, number: row.number } satisfies ConversationSubject,
    unread: Number(row.unread),
    lastMessageId: Number(row.last_id),
  }))
  return { total: subjects.reduce((sum, item) => sum + item.unread, 0), subjects }
}
