import { type Kysely, sql } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import { reminderDue, reminderWindows } from '../../contract/finance/reminders'
import { appendAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { companyAdmins, invoicePdfAttachment } from '../finance/invoice-mail'
import { balanceSql, documentDetail } from '../finance/invoice-reads'
import { invoicePdfData } from '../finance/pdf-data'
import type { Mailer } from '../mail/index'
import { invoiceReminderMail } from '../mail/reminder-templates'
import { type SiteConfig, siteConfig } from '../site-config'
import { Poller } from './poller'

export interface InvoiceReminderOptions {
  db: Kysely<Database>
  mailer: Mailer
  now?: () => Date
  logger?: Pick<Console, 'error'>
  /** The stages (`billing.reminders.daysFromDue`), the bank account and PayNow of the mails; site.config.ts's. */
  config?: SiteConfig
  /** How often invoices are looked at; every 10 minutes by default. */
  intervalMs?: number
  /** Invoices claimed per transaction (each renders its PDF inside it). */
  batch?: number
}

export const DEFAULT_INVOICE_REMINDER_INTERVAL_MS = 10 * 60 * 1000

interface Candidate {
  id: number
  number: string
  customer_id: number
  stage: string
}

/**
 * The payment reminders of issued invoices (docs/payments.md "Reminders"). Every server process runs one (like
 * the outbox worker). Each round, in one transaction, selects the invoices that owe something (`balanceSql`, as
 * the lists read it) and whose latest stage that has come today in Singapore (contract `reminderWindows`) is not
 * yet sent, locking them (FOR UPDATE SKIP LOCKED: an allocation waits for the round, another process passes
 * them by); for each, with its balance read again under the lock, contract `reminderDue` decides, the stage is
 * claimed (`insert into invoice_reminders … on conflict do nothing`: a stage is sent once, whoever else tries)
 * and one mail per recipient (the company's active Admins and its billing contact) is queued through the outbox
 * in the same transaction, with the invoice's PDF attached. An invoice with no one to mail is claimed all the
 * same: naming a billing contact later does not send a stage that has passed.
 */
export class InvoiceReminderJob {
  readonly #db: Kysely<Database>
  readonly #mailer: Mailer
  readonly #now: () => Date
  readonly #logger: Pick<Console, 'error'>
  readonly #config: SiteConfig
  readonly #batch: number
  readonly #poller: Poller

  constructor(options: InvoiceReminderOptions) {
    this.#db = options.db
    this.#mailer = options.mailer
    this.#now = options.now ?? (() => new Date())
    this.#logger = options.logger ?? console
    this.#config = options.config ?? siteConfig
    this.#batch = options.batch ?? 20
    this.#poller = new Poller({
      round: () => this.#round(),
      batch: this.#batch,
      intervalMs: options.intervalMs ?? DEFAULT_INVOICE_REMINDER_INTERVAL_MS,
      onError: (error) => this.#logger.error('Invoice reminder round failed:', error),
    })
  }

  start(): void {
    this.#poller.start()
  }

  /** Stops and waits for the round in progress. */
  stop(): Promise<void> {
    return this.#poller.stop()
  }

  /** One round: claims a batch of due reminders and queues their mails; resolves to the invoices looked at. */
  runOnce(): Promise<number> {
    return this.#poller.runOnce()
  }

  #round(): Promise<number> {
    const now = this.#now()
    const today = singaporeDateOf(now)
    const { daysFromDue } = this.#config.billing.reminders
    const windows = reminderWindows(daysFromDue, today)
    if (windows.length === 0) return Promise.resolve(0)
    const stages = sql.join(
      windows.map(
        (w) => sql`(${w.stage}::text, ${w.daysFromDue}::integer, ${w.dueAfter}::date, ${w.dueBy}::date)`,
      ),
    )
    return this.#db.transaction().execute(async (trx) => {
      // The invoice's due day in the window of the stage that is the latest to have come (contract
      // reminderWindows); the stage's day after the issue day (due day less issue day, the terms, above its days).
      const { rows } = await sql<Candidate>`
        select i.id, i.number, i.customer_id, st.stage
        from invoices i
        join (values ${stages}) as st (stage, days, due_after, due_by)
          on i.due_day <= st.due_by and (st.due_after is null or i.due_day > st.due_after)
        where i.kind = 'invoice'
          and i.due_day - i.issue_day > st.days
          and ${balanceSql} > 0
          and not exists (select 1 from invoice_reminders r where r.invoice_id = i.id and r.stage = st.stage)
        order by i.due_day, i.id
        limit ${this.#batch}
        for update of i skip locked`.execute(trx)
      for (const candidate of rows) await this.#remind(trx, candidate, now, today)
      return rows.length
    })
  }

  async #remind(trx: Kysely<Database>, candidate: Candidate, now: Date, today: string): Promise<void> {
    const detail = await documentDetail(trx, candidate.number, now)
    if (!detail?.dueDay) return
    const sent = await trx
      .selectFrom('invoice_reminders')
      .select('stage')
      .where('invoice_id', '=', candidate.id)
      .execute()
    const { daysFromDue } = this.#config.billing.reminders
    const stage = reminderDue(
      daysFromDue,
      detail.dueDay,
      today,
      detail.balance,
      new Set(sent.map((row) => row.stage)),
      detail.issueDay,
    )
    // The balance was read again under the lock: a payment allocated since the claim's read is seen here.
    if (stage !== candidate.stage) {
      // Otherwise the claim's SQL and the rule agree (tests/server/invoice-reminders.test.ts).
      if (detail.balance > 0)
        this.#logger.error(
          `Invoice reminders: ${candidate.number} claimed for ${candidate.stage}, due ${stage}`,
        )
      return
    }
    const [admins, customer] = await Promise.all([
      companyAdmins(trx, detail.customerId),
      trx
        .selectFrom('customers')
        .select('billing_contact_email')
        .where('id', '=', detail.customerId)
        .executeTakeFirst(),
    ])
    const recipients: { to: string; name: string | null }[] = admins.map((admin) => ({
      to: admin.esus_email_id,
      name: admin.esus_name,
    }))
    const contact = customer?.billing_contact_email
    if (contact && !recipients.some((r) => r.to.toLowerCase() === contact.toLowerCase()))
      recipients.push({ to: contact, name: null })
    const claimed = await trx
      .insertInto('invoice_reminders')
      .values({ invoice_id: candidate.id, stage, sent_at: now, recipients: recipients.map((r) => r.to) })
      .onConflict((oc) => oc.columns(['invoice_id', 'stage']).doNothing())
      .returning('stage')
      .executeTakeFirst()
    if (!claimed) return
    await appendAudit(
      trx,
      {
        actor: { kind: 'system', name: 'invoice reminders' },
        clientAddress: null,
        action: 'invoice.reminder_sent',
        recordType: 'invoice',
        recordId: detail.number,
        customerId: detail.customerId,
        changes: {
          reminder: { before: null, after: stage },
          recipients: { before: null, after: recipients.length },
        },
      },
      now,
    )
    if (recipients.length === 0) return
    const attachment = await invoicePdfAttachment(detail, this.#config)
    const pdf = invoicePdfData(detail, this.#config)
    for (const recipient of recipients) {
      const mail = invoiceReminderMail(
        {
          ...recipient,
          companyName: detail.customer.name,
          number: detail.number,
          bookingNumber: detail.bookingNumber,
          currency: detail.currency,
          balance: detail.balance,
          dueDay: detail.dueDay,
          today,
          paynow: pdf.paynow?.lines ?? null,
          bankTransfer: pdf.bankTransfer,
          link: `${this.#mailer.appUrl}/user/invoices/${encodeURIComponent(detail.number)}`,
        },
        this.#config,
      )
      await this.#mailer.queue(trx, { ...mail, attachments: [attachment] }, now)
    }
  }
}
