import { type Kysely, sql } from 'kysely'
import type { ConversationSubjectType } from '../../contract/conversations'
import { conversationDesks, type StaffRole, staffPermissions } from '../../contract/permissions'
import { unreadMessagesMail } from '../conversations/mail'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { Poller } from './poller'

export interface ConversationMailOptions {
  db: Kysely<Database>
  mailer: Mailer
  now?: () => Date
  logger?: Pick<Console, 'error'>
  /** How often messages are looked at; every minute by default. */
  intervalMs?: number
  /** Messages claimed per transaction. */
  batch?: number
}

/** A message unread this long mails the other side. */
export const UNREAD_MAIL_AFTER_MS = 5 * 60 * 1000
/** Messages older than this when first looked at are claimed without a mail (a server down that long). */
export const UNREAD_MAIL_HORIZON_MS = 24 * 60 * 60 * 1000
export const DEFAULT_CONVERSATION_MAIL_INTERVAL_MS = 60 * 1000

interface Claimed {
  id: number
  customer_id: number
  subject_type: ConversationSubjectType
  subject_id: number
  author_kind: 'customer' | 'staff'
  body: string
  author_name: string
  number: string
  company: string
  unread: boolean
}

/**
 * The mail of a message still unread 5 minutes after it was sent (docs/conversations.md). Every server process
 * runs one, like the quote reminders. Each round claims, in one transaction, the messages at least 5 minutes old
 * that have no notice yet (FOR UPDATE SKIP LOCKED, then a notice per message: each is claimed once, by one
 * process), and for those the other side has neither read (a read mark at or past it) nor answered (a later
 * message of its own), queues one mail per conversation and recipient through the outbox:
 * - a staff message: to every activated user of the customer's company whose message notifications are on;
 * - a customer message: to every active staff member with the Sales role (a quote's) or the Operations role
 *   (a booking's).
 * A message read in time is claimed all the same, without a mail: it never mails later.
 */
export class ConversationMailJob {
  readonly #db: Kysely<Database>
  readonly #mailer: Mailer
  readonly #now: () => Date
  readonly #batch: number
  readonly #poller: Poller

  constructor(options: ConversationMailOptions) {
    this.#db = options.db
    this.#mailer = options.mailer
    this.#now = options.now ?? (() => new Date())
    this.#batch = options.batch ?? 100
    const logger = options.logger ?? console
    this.#poller = new Poller({
      round: () => this.#round(),
      batch: this.#batch,
      intervalMs: options.intervalMs ?? DEFAULT_CONVERSATION_MAIL_INTERVAL_MS,
      onError: (error) => logger.error('Conversation mail round failed:', error),
    })
  }

  start(): void {
    this.#poller.start()
  }

  stop(): Promise<void> {
    return this.#poller.stop()
  }

  /** One round; resolves to the messages claimed. */
  runOnce(): Promise<number> {
    return this.#poller.runOnce()
  }

  #round(): Promise<number> {
    const now = this.#now()
    const due = new Date(now.getTime() - UNREAD_MAIL_AFTER_MS)
    const horizon = new Date(now.getTime() - UNREAD_MAIL_HORIZON_MS)
    return this.#db.transaction().execute(async (trx) => {
      const { rows: locked } = await sql<{ id: number }>`
        select m.id from conversation_messages m
        where m.created_at <= ${due} and m.created_at > ${horizon}
          and not exists (select 1 from conversation_mail_notices n where n.message_id = m.id)
        order by m.id
        limit ${this.#batch}
        for update of m skip locked`.execute(trx)
      if (locked.length === 0) return 0
      const ids = locked.map((row) => Number(row.id))
      const { rows } = await sql<Claimed>`
        with unread as (
          select m.id,
            not exists (
              select 1 from conversation_messages a
              where a.subject_type = m.subject_type and a.subject_id = m.subject_id
                and a.author_kind <> m.author_kind and a.id > m.id
            ) and not exists (
              select 1 from conversation_reads r
              where r.subject_type = m.subject_type and r.subject_id = m.subject_id
                and r.reader_kind <> m.author_kind and r.last_read_message_id >= m.id
            ) as unread
          from conversation_messages m where m.id = any(${sql.val(ids)}::bigint[])
        ), claimed as (
          insert into conversation_mail_notices (message_id, claimed_at, mailed)
          select id, ${now}, unread from unread
          on conflict (message_id) do nothing
          returning message_id, mailed
        )
        select m.id, m.customer_id, m.subject_type, m.subject_id, m.author_kind, m.body, c.mailed as unread,
          coalesce(u.esus_name, s.name, case m.author_kind when 'staff' then 'eShip' else 'Customer' end) as author_name,
          coalesce(q.number, b.number, '') as number, coalesce(cu.name, '') as company
        from claimed c
        join conversation_messages m on m.id = c.message_id
        left join users u on u.id = m.author_user_id
        left join staff_members s on s.id = m.author_staff_id
        left join quotes q on m.subject_type = 'quote' and q.id = m.subject_id
        left join bookings b on m.subject_type = 'booking' and b.id = m.subject_id
        left join customers cu on cu.id = m.customer_id
        order by m.id`.execute(trx)
      // One mail per conversation and side: its unread messages together.
      const groups = new Map<string, Claimed[]>()
      for (const row of rows) {
        if (!row.unread) continue
        const key = `${row.subject_type} ${row.subject_id} ${row.author_kind}`
        groups.set(key, [...(groups.get(key) ?? []), row])
      }
      for (const messages of groups.values()) await this.#mail(trx, messages, now)
      return locked.length
    })
  }

  async #mail(trx: Kysely<Database>, messages: Claimed[], now: Date): Promise<void> {
    const first = messages[0]
    if (!first) return
    const { appUrl } = this.#mailer
    const quoted = messages.map((m) => ({ author: m.author_name, body: m.body }))
    const base = {
      subjectType: first.subject_type,
      number: first.number,
      company: first.company,
      messages: quoted,
    }
    if (first.author_kind === 'staff') {
      const users = await trx
        .selectFrom('users')
        .select(['esus_name', 'esus_email_id'])
        .where('customer_id', '=', first.customer_id)
        .where('notify_messages', '=', true)
        .where('activated_at', 'is not', null)
        .where('user_type', '=', 'Customer')
        .orderBy('id')
        .execute()
      const link =
        first.subject_type === 'quote'
          ? `${appUrl}/user/getquote?quote=${encodeURIComponent(first.number)}`
          : `${appUrl}/user/bookings/${encodeURIComponent(first.number)}`
      for (const user of users) {
        const mail = unreadMessagesMail({
          ...base,
          to: user.esus_email_id,
          name: user.esus_name,
          recipient: 'customer',
          link,
          profileLink: `${appUrl}/user/profile`,
        })
        await this.#mailer.queue(trx, mail, now)
      }
      return
    }
    // The desk's people: whoever holds a role of the desk's queue (contract/permissions.ts).
    const roles: readonly StaffRole[] = staffPermissions[conversationDesks[first.subject_type]]
    const { rows: staff } = await sql<{ name: string; email: string }>`
      select name, email from staff_members
      where deactivated_at is null and roles && ${[...roles]}::text[]
      order by id`.execute(trx)
    const link =
      first.subject_type === 'quote'
        ? `${appUrl}/staff/quotes/${encodeURIComponent(first.number)}`
        : `${appUrl}/staff`
    for (const person of staff) {
      const mail = unreadMessagesMail({
        ...base,
        to: person.email,
        name: person.name,
        recipient: 'staff',
        link,
      })
      await this.#mailer.queue(trx, mail, now)
    }
  }
}
