/**
 * The notification switches (updateNotificationSettings; bookingRecipients, which reads them for booking mails,
 * is tested in who-did-what.test.ts) and the quote expiry reminders: once per quote, the day before in Singapore, only for priced
 * quotes not booked and only when the user has them on, with two jobs at once.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultNotificationSettings, profileMessages, profilePaths } from '../../contract/profile'
import { QuoteReminderJob } from '../../server/jobs/quote-reminders'
import { createMailer } from '../../server/mail/index'
import { type ProfileServer, setupProfileServer } from './profile-helpers'

let server: ProfileServer

beforeAll(async () => {
  server = await setupProfileServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe('updateNotificationSettings', () => {
  it('saves the switches for the user alone', async () => {
    const user = await server.signedIn()
    const other = await server.signedIn()
    const settings = {
      milestones: false,
      etaChanges: true,
      documents: false,
      quoteExpiry: true,
      messages: true,
    }
    const res = await server.send('PUT', profilePaths.notifications, user.auth, settings)
    expect(res.status).toBe(200)
    // "All company bookings" (issue 24) is left as it was, off, by a client that does not send it.
    const saved = { ...settings, companyBookings: false }
    expect(await res.json()).toEqual({ message: profileMessages.notificationsSaved, notifications: saved })
    expect((await server.profileOf(user.auth)).notifications).toEqual(saved)
    expect((await server.profileOf(other.auth)).notifications).toEqual(defaultNotificationSettings)
  })

  it('refuses a missing or non-boolean switch', async () => {
    const user = await server.signedIn()
    const res = await server.send('PUT', profilePaths.notifications, user.auth, {
      milestones: 'no',
      etaChanges: true,
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(body.errors).sort()).toEqual(['documents', 'milestones', 'quoteExpiry'])
  })
})

describe('quote expiry reminders', () => {
  let seq = 0
  async function quote(userId: number, validTo: string, extra: { kind?: 'priced' | 'requested' } = {}) {
    seq += 1
    const customer = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const number = `ESQ-2025${String(900000 + seq)}`
    const row = await server.db
      .insertInto('quotes')
      .values({
        number,
        customer_id: customer.customer_id,
        user_id: userId,
        kind: extra.kind ?? 'priced',
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'INNSA',
        // Each its own request: a newer quote of the same one would supersede it (issue 34).
        request: JSON.stringify({ seq }),
        services: '{}',
        first_lcl_eligible: false,
        fx: '{}',
        service_tariffs: '{}',
        valid_to: extra.kind === 'requested' ? null : validTo,
        created_at: server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, number, customerId: customer.customer_id }
  }

  async function book(q: { id: number; customerId: number; number: string }, userId: number) {
    const option = await server.db
      .insertInto('quote_options')
      .values({
        quote_id: q.id,
        lane: '{}',
        carrier: 'Maersk',
        transit_days: 9,
        valid_to: '2025-06-03',
        total_usd: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await server.db
      .insertInto('bookings')
      .values({
        number: q.number.replace('ESQ', 'ESB'),
        customer_id: q.customerId,
        user_id: userId,
        quote_id: q.id,
        option_id: option.id,
        mode: 'FCL',
        status: 'Booking Received',
        details: '{}',
        price: '{}',
        total_usd: 1,
        created_at: server.clock.now(),
      })
      .execute()
  }

  const reminders = (number: string) =>
    server.db
      .selectFrom('outbox')
      .select(['to', 'subject', 'text'])
      .where('subject', 'like', `Quote ${number} expires tomorrow%`)
      .execute()

  const job = () =>
    new QuoteReminderJob({
      db: server.db,
      mailer: createMailer({ appUrl: 'https://app.eship.test' }),
      now: server.clock.now,
    })

  it('reminds once, the day before (Singapore date), only priced quotes not booked, only when enabled', async () => {
    // 2025-06-10 15:59 UTC is 23:59 in Singapore on the 10th: "tomorrow" is the 11th.
    const start = new Date('2025-06-10T15:59:00Z').getTime() - server.clock.now().getTime()
    server.clock.advance(start)
    const user = await server.signedIn()
    const quiet = await server.signedIn()
    await server.send('PUT', profilePaths.notifications, quiet.auth, {
      ...defaultNotificationSettings,
      quoteExpiry: false,
    })

    const due = await quote(user.id, '2025-06-11')
    const later = await quote(user.id, '2025-06-12')
    const booked = await quote(user.id, '2025-06-11')
    await book(booked, user.id)
    const requested = await quote(user.id, '2025-06-11', { kind: 'requested' })
    const disabled = await quote(quiet.id, '2025-06-11')

    // Two processes at once: each quote is claimed by one of them.
    const [a, b] = [job(), job()]
    await Promise.all([a.runOnce(), b.runOnce()])
    const mails = await reminders(due.number)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to).toBe(user.email)
    expect(mails[0]?.text).toContain('valid until the end of 11 Jun 2025')
    expect(mails[0]?.text).toContain(`https://app.eship.test/user/getquote?quote=${due.number}`)
    for (const other of [later, booked, requested, disabled])
      expect(await reminders(other.number)).toEqual([])

    // Again in the same hour: nothing new.
    await a.runOnce()
    expect(await reminders(due.number)).toHaveLength(1)

    // One minute later it is the 11th in Singapore: the quote valid to the 12th is due.
    server.clock.advance(60_000)
    await b.runOnce()
    expect(await reminders(later.number)).toHaveLength(1)
    expect(await reminders(due.number)).toHaveLength(1)

    // The disabled user's quote was claimed without a mail: turning reminders on later sends nothing for it.
    await server.send('PUT', profilePaths.notifications, quiet.auth, defaultNotificationSettings)
    await a.runOnce()
    expect(await reminders(disabled.number)).toEqual([])
    const marked = await sql<{
      n: number
    }>`select count(*)::int as n from quotes where id = ${disabled.id} and expiry_reminded_at is not null`.execute(
      server.db,
    )
    expect(marked.rows[0]?.n).toBe(1)
  })
})
