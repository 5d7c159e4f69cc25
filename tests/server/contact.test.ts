import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import type { ContactPayload } from '../../contract/rules'
import { apiPaths } from '../../contract/wire'
import { mailSignature } from '../../server/mail/compose'
import { enquiryMail } from '../../server/mail/contact-templates'
import { siteConfig } from '../../site.config'
import { postJson, setupAuthServer } from './helpers'

const SALES = 'sales-team@eship.test'
const addedBody = JSON.stringify({ message: 'Contact Us Added Sucessfully!' })
const duplicateBody = JSON.stringify({ message: 'This email has already submitted a contact request.' })

let server: Awaited<ReturnType<typeof setupAuthServer>>

beforeAll(async () => {
  server = await setupAuthServer({ salesEmail: SALES })
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `172.16.${Math.floor(ipCount / 250)}.${ipCount % 250}`
}

let emailCount = 0
const newEmail = () => {
  emailCount += 1
  return `enquirer.${emailCount}@example.com`
}

/** A valid enquiry; overrides may make it invalid (their types are loose on purpose). */
function enquiry(overrides: Partial<Record<keyof ContactPayload, unknown>> = {}) {
  const valid = {
    mail: newEmail(),
    name: 'Grace Importer',
    company: 'Grace Imports Ltd',
    code: '+44',
    phone: '2071234567',
    source: 'Search Engine',
    mode: 'FCL',
    message: 'We ship 4 x 40HC a month from Felixstowe to Jebel Ali.',
  }
  return { ...valid, ...overrides } as typeof valid
}

const send = (body: unknown, ip = nextIp()) =>
  server.app.request(apiPaths.contact, postJson(body, { 'X-Forwarded-For': ip }))

async function enquiriesWith(mail: string) {
  return server.db
    .selectFrom('enquiries')
    .selectAll()
    .where(sql`lower(mail)`, '=', mail.toLowerCase())
    .execute()
}

describe('POST /api/contact', () => {
  it('stores a new enquiry, answers the exact message and mails the sales team', async () => {
    const body = enquiry({ message: 'Rates for <script>alert(1)</script>\nsecond line' })
    const res = await send(body)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toBe(addedBody)
    expect(addedBody).toBe(JSON.stringify({ message: messages.contactAdded }))

    const rows = await enquiriesWith(body.mail)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      mail: body.mail,
      name: 'Grace Importer',
      company: 'Grace Imports Ltd',
      code: '+44',
      phone: '2071234567',
      source: 'Search Engine',
      mode: 'FCL',
      message: body.message,
    })
    expect(rows[0]?.created_at.getTime()).toBe(server.clock.now().getTime())

    const mails = await server.db.selectFrom('outbox').selectAll().where('to', '=', SALES).execute()
    const mail = mails.find((m) => m.text.includes(body.mail))
    expect(mail?.subject).toBe(`New enquiry #${rows[0]?.id}: Grace Importer, Grace Imports Ltd (FCL)`)
    for (const line of [
      'Name: Grace Importer',
      'Company: Grace Imports Ltd',
      `Email: ${body.mail}`,
      'Phone: +44 2071234567',
      'Mode: FCL',
      'Source: Search Engine',
      body.message,
    ]) {
      expect(mail?.text).toContain(line)
    }
    expect(mail?.html).toContain('Rates for &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail?.html).not.toContain('<script>')
  })

  it('answers the same email again, in any case, 409 with the exact message and stores nothing', async () => {
    const body = enquiry()
    expect(await (await send(body)).text()).toBe(addedBody)
    const again = await send({ ...body, mail: body.mail.toUpperCase(), name: 'Someone Else' })
    expect(again.status).toBe(409)
    expect(await again.text()).toBe(duplicateBody)
    expect(duplicateBody).toBe(JSON.stringify({ message: messages.contactDuplicate }))
    const rows = await enquiriesWith(body.mail)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.name).toBe('Grace Importer')
  })

  it('stores one row per email of 50 simultaneous enquiries, 10 of them repeating 5 emails', async () => {
    const unique = Array.from({ length: 40 }, () => enquiry())
    // 5 of the emails come twice more, once in upper case: 10 repeats.
    const repeats = unique.slice(0, 5).flatMap((body) => [
      { ...body, name: 'Repeat' },
      { ...body, mail: body.mail.toUpperCase(), name: 'Repeat' },
    ])
    const all = [...unique, ...repeats]
    // Interleave so that repeats race the first submission of their email.
    const order = all.map((body, i) => ({ body, key: (i * 37) % all.length })).sort((a, b) => a.key - b.key)
    const sent = order.map(({ body }) => body)
    expect(sent).toHaveLength(50)
    expect(new Set(sent.map((body) => body.mail.toLowerCase())).size).toBe(40)

    const results = await Promise.all(
      sent.map(async (body) => {
        const res = await send(body)
        return { status: res.status, text: await res.text() }
      }),
    )
    expect(results).toHaveLength(50)
    expect(results.filter((r) => r.status === 500)).toEqual([])
    for (const r of results) expect([addedBody, duplicateBody]).toContain(r.text)
    expect(results.filter((r) => r.status === 200)).toHaveLength(40)
    expect(results.filter((r) => r.status === 409)).toHaveLength(10)
    for (const body of unique) expect(await enquiriesWith(body.mail), body.mail).toHaveLength(1)

    const notified = await server.db.selectFrom('outbox').select('text').where('to', '=', SALES).execute()
    for (const body of unique) {
      // Whichever submission came first is stored as typed, maybe the upper-case repeat.
      const about = notified.filter((m) => m.text.toLowerCase().includes(`email: ${body.mail}\n`))
      expect(about, body.mail).toHaveLength(1)
    }
    expect(server.logged).toEqual([])
  }, 60_000)

  it('answers an invalid email pattern 422 with Please enter a valid Email ID', async () => {
    const res = await send(enquiry({ mail: 'grace@example' }))
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Please enter a valid Email ID',
      errors: { mail: ['Please enter a valid Email ID'] },
    })
    const empty = await send(enquiry({ name: '', mode: 'SEA' }))
    expect(empty.status).toBe(422)
    expect(await empty.json()).toEqual({
      message: 'Please Fill all the Fields to Enquire',
      errors: {
        name: ['Please Fill all the Fields to Enquire'],
        mode: ['Please Fill all the Fields to Enquire'],
      },
    })
  })

  it('allows 10 enquiries per 10 minutes per address, then 429 with Retry-After', async () => {
    const ip = nextIp()
    const tenMinutes = 10 * 60_000
    const windowStart = Math.ceil(server.clock.now().getTime() / tenMinutes) * tenMinutes
    server.clock.advance(windowStart - server.clock.now().getTime() + 4 * 60_000)
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await send(enquiry(), ip)).status, `attempt ${attempt}`).toBe(200)
    }
    const body = enquiry()
    const limited = await send(body, ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('360')
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again in 360 seconds.' })
    expect(await enquiriesWith(body.mail)).toEqual([])
  })

  it('has the sales mail reply to the enquirer and keep its subject on one line', () => {
    const mail = enquiryMail({
      to: SALES,
      enquiry: {
        id: 7,
        ...enquiry({ name: 'Evil\r\nBcc: x@example.com' }),
        created_at: new Date('2025-06-02T09:00:00Z'),
      } as Parameters<typeof enquiryMail>[0]['enquiry'],
    })
    expect(mail.replyTo).toMatch(/^enquirer\.\d+@example\.com$/)
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.subject).toBe('New enquiry #7: Evil Bcc: x@example.com, Grace Imports Ltd (FCL)')
    // The team's notices are signed like every mail: the company of the site configuration.
    expect(mail.text.endsWith(mailSignature().text)).toBe(true)
    expect(mail.text).toContain(siteConfig.supportEmail)
    expect(mail.text).toContain(siteConfig.address.lines.join(', '))
  })
})
