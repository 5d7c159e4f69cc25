import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import { apiPaths } from '../../contract/wire'
import type { CountryRow } from '../../server/db/schema'
import { MailWorker, type MailWorkerOptions, retryDelayMs } from '../../server/jobs/mail-worker'
import { createMailDelivery } from '../../server/mail/index'
import { claimDueMails, insertOutboxMail } from '../../server/mail/outbox'
import { postJson, registrationPayload, setupAuthServer } from './helpers'
import { startSmtpServer } from './smtp'

const SECOND = 1000
const FROM = 'eShip <no-reply@eship.test>'

let server: Awaited<ReturnType<typeof setupAuthServer>>
let sg: CountryRow
const logged: { warn: string[]; error: string[] } = { warn: [], error: [] }
const logger = {
  warn: (line: string) => logged.warn.push(line),
  error: (line: string) => logged.error.push(line),
}

beforeAll(async () => {
  server = await setupAuthServer({ appUrl: 'https://app.eship.test' })
  sg = await server.db
    .selectFrom('countries')
    .selectAll()
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

beforeEach(async () => {
  logged.warn.length = 0
  logged.error.length = 0
  // Every test starts with nothing due, so one test's mails are not another's.
  await server.db.updateTable('outbox').set({ status: 'sent' }).where('status', '!=', 'sent').execute()
})

let mailCount = 0
const nextEmail = () => {
  mailCount += 1
  return `worker.${mailCount}@example.com`
}

function worker(smtpUrl: string, options: Partial<MailWorkerOptions> = {}) {
  return new MailWorker({
    db: server.db,
    delivery: createMailDelivery({ smtpUrl, from: FROM, timeoutMs: 5 * SECOND }),
    now: server.clock.now,
    logger,
    ...options,
  })
}

const outboxRow = (to: string) =>
  server.db.selectFrom('outbox').selectAll().where('to', '=', to).executeTakeFirstOrThrow()

const queue = (to: string) =>
  insertOutboxMail(
    server.db,
    { to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>' },
    server.clock.now(),
  )

/** An SMTP URL on which nothing listens (a server was there a moment ago). */
async function closedPort(): Promise<number> {
  const smtp = await startSmtpServer()
  await smtp.close()
  return smtp.port
}

describe('the outbox worker', () => {
  it('keeps a registration mail while SMTP is down and delivers it once when SMTP is back', async () => {
    const port = await closedPort()
    const email = nextEmail()
    const res = await server.app.request(
      apiPaths.register,
      postJson(registrationPayload(sg, email), { 'X-Forwarded-For': '198.51.100.7' }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: messages.registered })
    // The account and its mail are written after the answer.
    await server.settled()
    expect(await outboxRow(email)).toMatchObject({
      status: 'pending',
      attempts: 0,
      subject: 'Activate your eShip account',
    })

    const mailer = worker(`smtp://127.0.0.1:${port}`)
    expect(await mailer.runOnce()).toBe(1)
    const waiting = await outboxRow(email)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting.last_error).toMatch(/ECONNREFUSED/)
    const wait = waiting.next_attempt_at.getTime() - server.clock.now().getTime()
    expect(wait).toBeGreaterThanOrEqual(12 * SECOND)
    expect(wait).toBeLessThanOrEqual(15 * SECOND)
    expect(logged.warn.join('\n')).toContain(`to ${email}: attempt 1 failed`)
    expect(await mailer.runOnce()).toBe(0)

    const smtp = await startSmtpServer(port)
    try {
      server.clock.advance(wait)
      expect(await mailer.runOnce()).toBe(1)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toMatchObject({ to: [email], subject: 'Activate your eShip account' })
      expect(smtp.received[0]?.raw).toContain('https://app.eship.test/activate?token=')
      const sent = await outboxRow(email)
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
      expect(sent.sent_at).toEqual(server.clock.now())

      server.clock.advance(60 * 60 * SECOND)
      expect(await mailer.runOnce()).toBe(0)
      expect(smtp.received).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })

  it('backs off exponentially, up to an hour', () => {
    const noJitter = () => 0
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(n, noJitter) / SECOND)).toEqual([
      15, 30, 60, 120, 1920, 3600, 3600,
    ])
    expect(retryDelayMs(1, () => 1)).toBe(12 * SECOND)
  })

  it('gives up on a mail that still fails after MAIL_GIVE_UP_AFTER, and logs it', async () => {
    const email = nextEmail()
    await queue(email)
    const mailer = worker(`smtp://127.0.0.1:${await closedPort()}`, {
      giveUpAfterMs: 60 * SECOND,
      retryDelay: () => 40 * SECOND,
    })
    expect(await mailer.runOnce()).toBe(1)
    server.clock.advance(40 * SECOND)
    expect(await mailer.runOnce()).toBe(1)
    expect(await outboxRow(email)).toMatchObject({ status: 'pending', attempts: 2 })
    server.clock.advance(40 * SECOND)
    expect(await mailer.runOnce()).toBe(1)
    const failed = await outboxRow(email)
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 })
    expect(failed.failed_at).toEqual(server.clock.now())
    expect(logged.error.join('\n')).toMatch(
      new RegExp(`Mail #${failed.id} to ${email} given up after 3 attempt`),
    )
    server.clock.advance(60 * 60 * SECOND)
    expect(await mailer.runOnce()).toBe(0)
  })

  it('gives up at once when the SMTP server refuses the mail for good (5xx)', async () => {
    const smtp = await startSmtpServer()
    smtp.onMessage = () => {
      throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
    }
    try {
      const email = nextEmail()
      await queue(email)
      expect(await worker(smtp.url).runOnce()).toBe(1)
      const row = await outboxRow(email)
      expect(row).toMatchObject({ status: 'failed', attempts: 1 })
      expect(row.last_error).toMatch(/550/)
      expect(smtp.received).toHaveLength(0)
    } finally {
      await smtp.close()
    }
  })

  it('retries a temporary refusal (4xx)', async () => {
    const smtp = await startSmtpServer()
    smtp.onMessage = () => {
      throw new Error('Greylisted, try again later')
    }
    try {
      const email = nextEmail()
      await queue(email)
      expect(await worker(smtp.url).runOnce()).toBe(1)
      expect(await outboxRow(email)).toMatchObject({ status: 'pending', attempts: 1 })
    } finally {
      await smtp.close()
    }
  })

  it('takes back a mail whose worker stopped mid-delivery once its claim lapses, and sends it once', async () => {
    const smtp = await startSmtpServer()
    try {
      const email = nextEmail()
      const id = await queue(email)
      // A process claimed it and stopped before it could record anything.
      const claimed = await claimDueMails(server.db, {
        now: server.clock.now(),
        claimedUntil: new Date(server.clock.now().getTime() + 120 * SECOND),
        limit: 10,
      })
      expect(claimed.map((m) => m.id)).toEqual([id])
      const mailer = worker(smtp.url)
      server.clock.advance(119 * SECOND)
      expect(await mailer.runOnce()).toBe(0)
      server.clock.advance(SECOND)
      expect(await mailer.runOnce()).toBe(1)
      expect(await outboxRow(email)).toMatchObject({ status: 'sent', attempts: 2 })
      expect(smtp.received.map((m) => m.to)).toEqual([[email]])
    } finally {
      await smtp.close()
    }
  })

  it('hands each mail to one of two workers working at once', async () => {
    const smtp = await startSmtpServer()
    try {
      const emails = Array.from({ length: 12 }, nextEmail)
      for (const email of emails) await queue(email)
      const [a, b] = [worker(smtp.url, { batch: 3 }), worker(smtp.url, { batch: 3 })]
      while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0)) {}
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort())
    } finally {
      await smtp.close()
    }
  })

  it('sends with MAIL_FROM, Reply-To and one Message-ID across attempts', async () => {
    const email = nextEmail()
    await insertOutboxMail(
      server.db,
      { to: email, subject: 'Enquiry', text: 'Hi', html: '<p>Hi</p>', replyTo: 'buyer@example.com' },
      server.clock.now(),
    )
    const mailer = worker(`smtp://127.0.0.1:${await closedPort()}`)
    await mailer.runOnce()
    const smtp = await startSmtpServer()
    try {
      server.clock.advance(60 * SECOND)
      await worker(smtp.url).runOnce()
      const [mail] = smtp.received
      expect(mail?.raw).toMatch(/^From: eShip <no-reply@eship\.test>$/m)
      expect(mail?.raw).toMatch(/^Reply-To: buyer@example\.com$/m)
      const row = await outboxRow(email)
      expect(mail?.messageId).toBe(`<outbox-${row.id}-${row.created_at.getTime()}@eship.test>`)
    } finally {
      await smtp.close()
    }
  })

  it('without SMTP_URL delivers to the log: the mail and its links', async () => {
    const lines: string[] = []
    const email = nextEmail()
    await insertOutboxMail(
      server.db,
      {
        to: email,
        subject: 'Reset',
        text: 'Open https://app.eship.test/reset-password?token=abc now',
        html: '',
      },
      server.clock.now(),
    )
    const delivery = createMailDelivery({ logger: { info: (line: string) => lines.push(line) } })
    expect(delivery.kind).toBe('log')
    await new MailWorker({ db: server.db, delivery, now: server.clock.now, logger }).runOnce()
    expect(lines.join('\n')).toContain(`to ${email} (no SMTP server; kept in the outbox): Reset`)
    expect(lines.join('\n')).toContain('  https://app.eship.test/reset-password?token=abc')
    expect(await outboxRow(email)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('polls once started and stops cleanly', async () => {
    const smtp = await startSmtpServer()
    try {
      const email = nextEmail()
      const mailer = worker(smtp.url, { pollMs: 20 })
      mailer.start()
      const arrived = smtp.nextMail()
      await queue(email)
      expect((await arrived).to).toEqual([email])
      await mailer.stop()
      await queue(nextEmail())
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(smtp.received).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })
})
