/**
 * Payment reminders (server/jobs/invoice-reminders.ts, docs/payments.md "Reminders"), the job driven over the
 * stages with an injected clock: each stage mailed once, to the company's active Admins and its billing
 * contact, with the invoice's PDF; after days without the job only the latest stage; none once allocations pay
 * the invoice (again once its payment is reversed); two jobs at once send once; and a day-by-day sweep holds
 * the claim's SQL to contract `reminderDue`, with another configuration of stages.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { billingContactPath, reminderDue } from '../../contract/finance/reminders'
import type { CompanyRole } from '../../contract/team'
import { InvoiceReminderJob } from '../../server/jobs/invoice-reminders'
import { createMailer } from '../../server/mail/index'
import { siteConfig } from '../../site.config'
import type { Auth } from './booking-helpers'
import { createTestUser } from './helpers'
import { type InvoiceServer, setupInvoiceServer } from './invoices-helpers'

const APP_URL = 'https://app.eship.test'
let server: InvoiceServer

beforeAll(async () => {
  server = await setupInvoiceServer()
}, 60_000)

afterEach(() => {
  expect(logged).toEqual([])
})

afterAll(async () => {
  await server?.database.close()
})

/** Noon in Singapore on `day`. */
const noonOf = (day: string) => new Date(`${day}T04:00:00.000Z`)

/** What the jobs logged: the claim's SQL and contract reminderDue disagreeing, or a failed round. */
const logged: string[] = []

function job(day: () => string, config = siteConfig) {
  return new InvoiceReminderJob({
    db: server.db,
    mailer: createMailer({ appUrl: APP_URL }),
    now: () => noonOf(day()),
    config,
    logger: { error: (...args: unknown[]) => logged.push(args.map(String).join(' ')) },
  })
}

/** One round on `day`, by a job of its own. */
const runOn = (day: string) => job(() => day).runOnce()

/** A user of `of`'s company with `role`, activated. */
async function colleague(of: Auth, role: CompanyRole, extra: { deactivated?: boolean } = {}) {
  const user = await createTestUser(server.db)
  await server.db
    .updateTable('users')
    .set({
      customer_id: await server.customerIdOf(of),
      company_role: role,
      ...(extra.deactivated ? { deactivated_at: server.clock.now() } : {}),
    })
    .where('id', '=', user.id)
    .execute()
  return user.email
}

/** An SGD invoice of `auth`'s company issued today (2 Jun 2025) with `terms` days: SGD 1,218.00. */
async function invoiceOf(auth: Auth, terms = 14): Promise<InvoiceDetail & { id: number }> {
  await server.billable(auth, terms)
  const booking = await server.booking(auth)
  const ids = await server.addCharges(booking, [
    { amount: 100_000, gstCode: 'ZR' },
    { amount: 20_000, gstCode: 'SR' },
  ])
  const invoice = await server.issued(booking, ids)
  const row = await server.db
    .selectFrom('invoices')
    .select('id')
    .where('number', '=', invoice.number)
    .executeTakeFirstOrThrow()
  return { ...invoice, id: row.id }
}

/** The reminders of an invoice in the outbox (not its issue mail), in order. */
const remindersOf = (number: string) =>
  server.db
    .selectFrom('outbox')
    .select(['to', 'subject', 'text', 'html', 'attachments'])
    .where('subject', 'ilike', `%invoice ${number}%`)
    .where('subject', 'not like', 'Tax invoice%')
    .orderBy('id')
    .execute()

const stagesOf = async (invoiceId: number) =>
  (
    await server.db
      .selectFrom('invoice_reminders')
      .select(['stage', 'recipients'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('sent_at')
      .execute()
  ).map((row) => row.stage)

/** A payment of `amount` allocated to the invoice, written straight into the tables. */
async function pay(invoice: InvoiceDetail & { id: number }, amount: number) {
  const payment = await server.db
    .insertInto('payments')
    .values({
      customer_id: invoice.customerId,
      received_day: '2025-06-05',
      method: 'fast',
      currency: 'SGD',
      amount,
      recorded_at: server.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await server.db
    .insertInto('payment_allocations')
    .values({ payment_id: payment.id, invoice_id: invoice.id, amount, allocated_at: server.clock.now() })
    .execute()
  return payment.id
}

describe('the payment reminders', () => {
  it('mails each stage once to the Admins and the billing contact, with the PDF; after a gap only the latest', async () => {
    const alice = await server.login()
    const admin = await colleague(alice, 'admin')
    const member = await colleague(alice, 'member')
    const gone = await colleague(alice, 'admin', { deactivated: true })
    const named = await server.call(alice, billingContactPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'Accounts.Payable@Example.com' }),
    })
    expect(named.status, await named.clone().text()).toBe(200)
    const invoice = await invoiceOf(alice)
    expect(invoice.dueDay).toBe('2025-06-16')
    const everyone = [alice.email, admin, 'accounts.payable@example.com'].sort()

    // Nothing before the first stage's day (3 days before the due date).
    await runOn('2025-06-12')
    expect(await remindersOf(invoice.number)).toEqual([])

    await runOn('2025-06-13')
    await runOn('2025-06-13')
    const before = await remindersOf(invoice.number)
    expect(before.map((mail) => mail.to).sort()).toEqual(everyone)
    for (const mail of before) {
      expect(mail.subject).toBe(`Reminder: invoice ${invoice.number} is due on 16 Jun 2025`)
      expect(mail.text).toContain('is due on 16 Jun 2025, in 3 days. SGD 1,218.00 is to be paid.')
      expect(mail.text).toContain(`Pay with PayNow`)
      expect(mail.text).toContain(`Bill number ${invoice.number}`)
      expect(mail.text).toContain(`Account number: ${siteConfig.billing.bankTransfer.accountNumber}`)
      expect(mail.text).toContain(`${APP_URL}/user/invoices/${invoice.number}`)
      expect(mail.attachments).toHaveLength(1)
      expect(mail.attachments[0]).toMatchObject({
        filename: `${invoice.number}.pdf`,
        contentType: 'application/pdf',
      })
      expect(
        Buffer.from(mail.attachments[0]?.base64 ?? '', 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
    }
    // The billing contact is told why they receive it; an Admin is greeted by name.
    const toContact = before.find((mail) => mail.to === 'accounts.payable@example.com')
    expect(toContact?.text).toMatch(/^Hello,\n\nYou receive this as the billing contact/)
    expect(before.find((mail) => mail.to === alice.email)?.text).toMatch(/^Hello Test User \d+,/)
    for (const nobody of [member, gone]) expect(before.some((mail) => mail.to === nobody)).toBe(false)

    await runOn('2025-06-15')
    expect(await remindersOf(invoice.number)).toHaveLength(3)
    await runOn('2025-06-16')
    const due = (await remindersOf(invoice.number)).slice(3)
    expect(due.map((mail) => mail.subject)).toEqual(Array(3).fill(`Invoice ${invoice.number} is due today`))

    // Down from the 17th to 1 Jul: the 7- and 14-day stages have come; only the 14-day one is sent.
    await runOn('2025-07-01')
    const late = (await remindersOf(invoice.number)).slice(6)
    expect(late.map((mail) => mail.to).sort()).toEqual(everyone)
    expect(late[0]?.subject).toBe(`Overdue: invoice ${invoice.number} was due on 16 Jun 2025`)
    expect(late[0]?.text).toContain('was due on 16 Jun 2025, 15 days ago, and SGD 1,218.00 is still owed.')

    await runOn('2025-07-16')
    await runOn('2025-09-30')
    expect(await remindersOf(invoice.number)).toHaveLength(12)
    expect(await stagesOf(invoice.id)).toEqual(['before-3', 'due', 'after-14', 'after-30'])
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['action', 'actor_label'])
      .where('record_id', '=', invoice.number)
      .where('action', '=', 'invoice.reminder_sent')
      .execute()
    expect(audit).toHaveLength(4)
  })

  it('sends none once allocations pay the invoice, the balance of a part-paid one, and resumes after a reversal', async () => {
    const bob = await server.login()
    const paid = await invoiceOf(bob)
    const partPaid = await invoiceOf(bob)
    const paymentId = await pay(paid, paid.total)
    await pay(partPaid, 21_800)

    await runOn('2025-06-13')
    expect(await remindersOf(paid.number)).toEqual([])
    const [part] = await remindersOf(partPaid.number)
    expect(part?.text).toContain('SGD 1,000.00 is to be paid.')
    expect(part?.text).toContain('SGD 1,000.00, Bill number')

    // The cheque bounced: the invoice owes again, and the stage of the day goes out.
    await server.db
      .updateTable('payments')
      .set({ reversed_at: server.clock.now(), reversal_reason: 'Cheque bounced' })
      .where('id', '=', paymentId)
      .execute()
    await runOn('2025-06-16')
    expect((await remindersOf(paid.number)).map((mail) => mail.subject)).toEqual([
      `Invoice ${paid.number} is due today`,
    ])
  })

  it('two jobs at once send each reminder once', async () => {
    const carol = await server.login()
    const invoice = await invoiceOf(carol)
    const day = () => '2025-06-13'
    const [a, b] = [job(day), job(day)]
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()])
    expect((await remindersOf(invoice.number)).map((mail) => mail.to)).toEqual([carol.email])
    expect(await stagesOf(invoice.id)).toEqual(['before-3'])
  })

  it('claims what reminderDue says, day by day, with stages of another configuration', async () => {
    const daysFromDue = [10, 1, -2, -20]
    const config = { ...siteConfig, billing: { ...siteConfig.billing, reminders: { daysFromDue } } }
    const dave = await server.login()
    // Prepaid, 7 and 30 days; one of 7 days paid on its due day.
    const invoices = [await invoiceOf(dave, 0), await invoiceOf(dave, 7), await invoiceOf(dave, 30)]
    const payLater = await invoiceOf(dave, 7)
    const sent = new Map<number, Set<string>>()
    let today = '2025-06-02'
    const daily = job(() => today, config)
    for (; today <= '2025-07-25'; today = addDays(today, 1)) {
      if (today === payLater.dueDay) await pay(payLater, payLater.total)
      const expected = [...invoices, payLater].map((invoice) => {
        const stages = sent.get(invoice.id) ?? new Set()
        const balance = invoice === payLater && today >= (payLater.dueDay as string) ? 0 : invoice.total
        const stage = reminderDue(
          daysFromDue,
          invoice.dueDay as string,
          today,
          balance,
          stages,
          invoice.issueDay,
        )
        if (stage) sent.set(invoice.id, new Set([...stages, stage]))
        return stage
      })
      await daily.runOnce()
      const claimed = await Promise.all(
        [...invoices, payLater].map(async (invoice) => {
          const rows = await server.db
            .selectFrom('invoice_reminders')
            .select('stage')
            .where('invoice_id', '=', invoice.id)
            .where('sent_at', '=', noonOf(today))
            .execute()
          return rows[0]?.stage ?? null
        }),
      )
      expect(claimed, today).toEqual(expected)
    }
    // Prepaid: nothing on the due (issue) day or the day before it.
    expect(await stagesOf(invoices[0]?.id as number)).toEqual(['after-2', 'after-20'])
    expect(await stagesOf(payLater.id)).toEqual(['before-1'])
  })
})
