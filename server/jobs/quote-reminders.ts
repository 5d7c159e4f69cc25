import { type Kysely, sql } from 'kysely'
import { singaporeDate } from '../../contract/quotes'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { quoteExpiryMail } from '../mail/quote-templates'
import { placeNames } from '../quotes/queries'
import { supersededSearch } from '../quotes/same-search'
import { Poller } from './poller'

export interface QuoteReminderOptions {
  db: Kysely<Database>
  mailer: Mailer
  now?: () => Date
  logger?: Pick<Console, 'error'>
  /** How often quotes are looked at; every 10 minutes by default. */
  intervalMs?: number
  /** Quotes claimed per transaction. */
  batch?: number
}

export const DEFAULT_REMINDER_INTERVAL_MS = 10 * 60 * 1000

const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

interface Claimed {
  id: number
  number: string
  user_id: number
  mode: string
  origin: string
  destination: string
  valid_to: string
}

/**
 * The day-before reminder of a company quote's expiry. Every server process runs one (like the outbox
 * worker). Each round claims, in one transaction, the priced quotes that are not booked, not superseded by a
 * requote or by a newer quote of the same search (server/quotes/same-search.ts) and whose valid-to day is
 * tomorrow in Singapore, marking `expiry_reminded_at` (FOR UPDATE SKIP
 * LOCKED, and only where it is still empty: each quote is claimed by one process, once), and queues one mail
 * to the quote's user through the outbox in the same transaction when their quote expiry reminders are on.
 * A quote whose user has them off is claimed all the same: turning them on later does not send it.
 */
export class QuoteReminderJob {
  readonly #db: Kysely<Database>
  readonly #mailer: Mailer
  readonly #now: () => Date
  readonly #logger: Pick<Console, 'error'>
  readonly #intervalMs: number
  readonly #batch: number
  readonly #poller: Poller

  constructor(options: QuoteReminderOptions) {
    this.#db = options.db
    this.#mailer = options.mailer
    this.#now = options.now ?? (() => new Date())
    this.#logger = options.logger ?? console
    this.#intervalMs = options.intervalMs ?? DEFAULT_REMINDER_INTERVAL_MS
    this.#batch = options.batch ?? 50
    this.#poller = new Poller({
      round: () => this.#round(),
      batch: this.#batch,
      intervalMs: this.#intervalMs,
      onError: (error) => this.#logger.error('Quote reminder round failed:', error),
    })
  }

  start(): void {
    this.#poller.start()
  }

  /** Stops and waits for the round in progress. */
  stop(): Promise<void> {
    return this.#poller.stop()
  }

  /** One round: claims a batch of due quotes and queues their mails; resolves to the quotes claimed. */
  runOnce(): Promise<number> {
    return this.#poller.runOnce()
  }

  #round(): Promise<number> {
    const now = this.#now()
    const tomorrow = nextDay(singaporeDate(now))
    return this.#db.transaction().execute(async (trx) => {
      // A quote's valid-to is its chosen option's, else its latest option's, as My Quotes shows it
      // (server/quotes/views.ts); `quotes.valid_to` is only read for quotes stored with one and no options.
      const { rows } = await sql<Claimed>`
        update quotes q set expiry_reminded_at = ${now}
        where q.id in (
          select d.id from quotes d
          where d.kind = 'priced' and d.expiry_reminded_at is null
            and (d.valid_to = ${tomorrow}::date
              or d.id in (select o.quote_id from quote_options o where o.valid_to = ${tomorrow}::date))
            and coalesce(
              (select c.valid_to from quote_options c where c.id = d.chosen_option_id),
              (select max(o.valid_to) from quote_options o where o.quote_id = d.id),
              d.valid_to
            ) = ${tomorrow}::date
            and not exists (select 1 from bookings b where b.quote_id = d.id)
            and not exists (select 1 from quotes r where r.requoted_from = d.id)
            and not ${supersededSearch('d')}
          order by d.id
          limit ${this.#batch}
          for update skip locked
        ) and q.expiry_reminded_at is null
        returning q.id, q.number, q.user_id, q.mode, q.origin, q.destination, ${tomorrow}::text as valid_to`.execute(
        trx,
      )
      if (rows.length === 0) return 0
      const users = await trx
        .selectFrom('users')
        .select(['id', 'esus_name', 'esus_email_id'])
        .where('id', 'in', [...new Set(rows.map((row) => row.user_id))])
        .where('notify_quote_expiry', '=', true)
        .where('activated_at', 'is not', null)
        .execute()
      const byId = new Map(users.map((user) => [user.id, user]))
      const places = await placeNames(
        trx,
        rows.flatMap((row) => [row.origin, row.destination]),
      )
      const placeName = (code: string) => {
        const place = places.get(code)
        return place ? `${place.name} (${code})` : code
      }
      for (const quote of rows) {
        const user = byId.get(quote.user_id)
        if (!user) continue
        const mail = quoteExpiryMail({
          to: user.esus_email_id,
          name: user.esus_name,
          quoteNumber: quote.number,
          lane: `${placeName(quote.origin)} to ${placeName(quote.destination)}`,
          mode: quote.mode,
          validTo: quote.valid_to,
          quoteLink: `${this.#mailer.appUrl}/user/getquote?quote=${encodeURIComponent(quote.number)}`,
          profileLink: `${this.#mailer.appUrl}/user/profile`,
        })
        await this.#mailer.queue(trx, mail, now)
      }
      return rows.length
    })
  }
}
