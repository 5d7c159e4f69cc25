/**
 * Conversations (issue 22, docs/conversations.md): scoping, the message rule, read marks and unread counts,
 * the event streams across processes and their resume, the 5-minute mail, and who may call what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Conversation,
  type ConversationMessage,
  conversationMessages,
  type HandledMark,
  conversationPaths as paths,
  type UnansweredConversations,
  type UnreadCounts,
} from '../../contract/conversations'
import { defaultNotificationSettings, profilePaths } from '../../contract/profile'
import type { CreateQuoteResponse } from '../../contract/quotes'
import { createApp } from '../../server/app'
import { hashToken, newToken } from '../../server/auth/tokens'
import { EventHub } from '../../server/events/hub'
import { ConversationMailJob, UNREAD_MAIL_AFTER_MS } from '../../server/jobs/conversation-mails'
import { createMailer } from '../../server/mail/index'
import { openStaffSession } from '../../server/staff/sessions'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer, postJson, waitFor } from './helpers'
import { createTestStaff } from './staff-helpers'

let server: BookingServer

beforeAll(async () => {
  server = await setupBookingServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }
type Headers = Record<string, string>
/** A customer's or staff member's Authorization header, with whatever else the test keeps beside it. */
type Principal = { Authorization?: string | undefined } & Record<string, unknown>

const headersOf = (auth: Principal): Headers =>
  auth.Authorization ? { Authorization: auth.Authorization } : {}

let quotesMade = 0
/** A new quote: each its own cargo, as the same search again would reopen the last one (issue 34). */
async function quoteOf(auth: Auth): Promise<string> {
  quotesMade += 1
  const res = await server.call(auth, '/api/quotes', postJson(server.fcl({ commodity: `Lot ${quotesMade}` })))
  const { quote } = (await res.json()) as CreateQuoteResponse
  if (!quote) throw new Error(`no quote: ${res.status}`)
  return quote.number
}

/** A staff member with `roles` and a live session: the Authorization header. */
async function staffAuth(roles: ('admin' | 'sales' | 'operations' | 'pricing')[] = ['sales']) {
  const member = await createTestStaff(server.db, roles, server.clock.now())
  const token = newToken()
  await openStaffSession(server.db, member.id, hashToken(token), server.clock.now())
  return { ...bearer(token), id: member.id, email: member.email, token }
}

const send = (app: Requester, path: string, auth: Principal, body: unknown) =>
  app.request(path, postJson(body, headersOf(auth)))

const get = (app: Requester, path: string, auth: Principal, extra: Headers = {}) =>
  app.request(path, { headers: { ...headersOf(auth), ...extra } })

interface StreamEvent {
  event: string
  id?: string
  data: string
}

/** An open event stream read as it comes: its events so far, and waits for more. */
async function openStream(app: Requester, path: string, auth: Principal, extra: Headers = {}) {
  const res = await get(app, path, auth, extra)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const events: StreamEvent[] = []
  let buffer = ''
  let raw = ''
  let ended = false
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
      if (done) {
        ended = true
        return
      }
      const text = decoder.decode(value, { stream: true })
      raw += text
      buffer += text
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event: StreamEvent = { event: 'message', data: '' }
        let comment = true
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue
          comment = false
          const [field, ...rest] = line.split(': ')
          const value = rest.join(': ')
          if (field === 'event') event.event = value
          else if (field === 'id') event.id = value
          else if (field === 'data') event.data = value
        }
        if (!comment) events.push(event)
        end = buffer.indexOf('\n\n')
      }
    }
  })()
  const messages = () =>
    events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as ConversationMessage)
  return {
    events,
    messages,
    get ended() {
      return ended
    },
    /** Everything received, comments too. */
    get raw() {
      return raw
    },
    /** Waits until the stream has `count` messages. */
    async waitFor(count: number) {
      await waitFor(() => expect(messages().length).toBeGreaterThanOrEqual(count), { interval: 5 })
      return messages()
    },
    close: () => reader.cancel().catch(() => {}),
  }
}

describe('a conversation', () => {
  it('belongs to the company: another company’s quote, an unknown number or a mismatched type answer 404', async () => {
    const alice = await server.login()
    const bob = await server.login()
    const number = await quoteOf(alice)
    const mine = await send(server.app, paths.messages('quote', number), alice, { body: 'Hello' })
    expect(mine.status).toBe(201)
    for (const res of [
      await send(server.app, paths.messages('quote', number), bob, { body: 'Hello' }),
      await get(server.app, paths.conversation('quote', number), bob),
      await get(server.app, paths.conversation('quote', 'ESQ-2099999999'), alice),
      await get(server.app, paths.conversation('booking', number), alice),
    ]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: conversationMessages.notFound })
    }
    // Bob's stream never hears of Alice's company's messages.
    const stream = await openStream(server.app, paths.events, bob)
    await send(server.app, paths.messages('quote', number), alice, { body: 'Only for us' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(stream.messages()).toEqual([])
    await stream.close()
  })

  it('takes 4,000 characters and refuses 4,001, an empty one and one of blanks, with the message', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const path = paths.messages('quote', number)
    const full = await send(server.app, path, alice, { body: `  ${'a'.repeat(4000)}\n` })
    expect(full.status).toBe(201)
    const { message } = (await full.json()) as { message: ConversationMessage }
    expect(message.body).toBe('a'.repeat(4000))
    expect(message).toMatchObject({
      subject: { type: 'quote', number },
      author: { kind: 'customer' },
      mine: true,
    })
    // An emoji is one character.
    expect((await send(server.app, path, alice, { body: '🚢'.repeat(4000) })).status).toBe(201)
    const long = await send(server.app, path, alice, { body: 'a'.repeat(4001) })
    expect(long.status).toBe(422)
    expect(await long.json()).toMatchObject({
      message: conversationMessages.bodyTooLong,
      errors: { body: [conversationMessages.bodyTooLong] },
    })
    for (const body of ['', '   \n ']) {
      const res = await send(server.app, path, alice, { body })
      expect(res.status).toBe(422)
      expect(((await res.json()) as { message: string }).message).toBe(conversationMessages.bodyRequired)
    }
  })

  it('counts unread per person, and the counts go down when read or answered', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const booking = await server.book(alice)
    const sales = await staffAuth(['sales'])
    const ops = await staffAuth(['operations'])
    await send(server.app, paths.messages('quote', number), alice, { body: 'When does it sail?' })
    await send(server.app, paths.messages('booking', booking), alice, { body: 'Any news?' })

    const staffUnread = async (auth: Principal) =>
      (await (await get(server.app, paths.staffUnread, auth)).json()) as UnreadCounts
    const forSales = await staffUnread(sales)
    expect(forSales.subjects.find((s) => s.subject.number === number)?.unread).toBe(1)
    // Sales counts quotes, Operations bookings.
    expect(forSales.subjects.some((s) => s.subject.number === booking)).toBe(false)
    expect((await staffUnread(ops)).subjects.find((s) => s.subject.number === booking)?.unread).toBe(1)

    // The staff member opens it: read for them, not for a colleague.
    const opened = await get(server.app, paths.staffConversation('quote', number), sales)
    expect(opened.status).toBe(200)
    const conversation = (await opened.json()) as Conversation
    expect(conversation.unread).toBe(1)
    expect(conversation.messages.map((m) => [m.body, m.mine, m.author.kind])).toEqual([
      ['When does it sail?', false, 'customer'],
    ])
    expect((await staffUnread(sales)).subjects.some((s) => s.subject.number === number)).toBe(false)
    const colleague = await staffAuth(['sales'])
    expect((await staffUnread(colleague)).subjects.find((s) => s.subject.number === number)?.unread).toBe(1)

    // Two answers: the customer's users have two unread; a colleague at the company too.
    await send(server.app, paths.staffMessages('quote', number), sales, { body: 'Friday.' })
    await send(server.app, paths.staffMessages('quote', number), sales, { body: 'From Singapore.' })
    expect((await staffUnread(colleague)).subjects.some((s) => s.subject.number === number)).toBe(false)
    const customerUnread = async (auth: Principal) =>
      (await (await get(server.app, paths.unread, auth)).json()) as UnreadCounts
    expect(await customerUnread(alice)).toMatchObject({
      total: 2,
      subjects: [{ subject: { type: 'quote', number }, unread: 2 }],
    })
    const carol = await server.login()
    const aliceCompany = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', alice.email)
      .executeTakeFirstOrThrow()
    await server.db
      .updateTable('users')
      .set({ customer_id: aliceCompany.customer_id })
      .where('esus_email_id', '=', carol.email)
      .execute()
    expect((await customerUnread(carol)).total).toBe(2)

    const read = (await (
      await get(server.app, paths.conversation('quote', number), alice)
    ).json()) as Conversation
    expect(read.unread).toBe(2)
    expect(read.messages.map((m) => [m.body, m.mine])).toEqual([
      ['When does it sail?', true],
      ['Friday.', false],
      ['From Singapore.', false],
    ])
    expect(await customerUnread(alice)).toEqual({ total: 0, subjects: [] })
    expect((await customerUnread(carol)).total).toBe(2)
    // Only what came after an id.
    const after = (await (
      await get(server.app, `${paths.conversation('quote', number)}?after=${read.messages[1]?.id}`, alice)
    ).json()) as Conversation
    expect(after.messages.map((m) => m.body)).toEqual(['From Singapore.'])
  })
})

describe('the Messages inbox', () => {
  const inbox = async (auth: Principal) => {
    const res = await get(server.app, paths.staffUnanswered, auth)
    expect(res.status).toBe(200)
    return ((await res.json()) as UnansweredConversations).conversations
  }
  const entryOf = async (auth: Principal, number: string) =>
    (await inbox(auth)).find((one) => one.subject.number === number)
  const markHandled = (auth: Principal, number: string, upTo: number) =>
    send(server.app, paths.staffHandled('quote', number), auth, { upTo })

  it('keeps a question until someone answers it: reading it is not answering', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const booking = await server.book(alice)
    const sales = await staffAuth(['sales'])
    const ops = await staffAuth(['operations'])
    await send(server.app, paths.messages('quote', number), alice, { body: 'Can it  sail\nbefore Friday?' })
    await send(server.app, paths.messages('booking', booking), alice, { body: 'Any news?' })

    expect(await entryOf(sales, number)).toMatchObject({
      subject: { type: 'quote', number },
      waiting: 1,
      excerpt: 'Can it sail before Friday?',
      handledBefore: null,
    })
    // Each desk its own: Sales quotes, Operations bookings.
    expect(await entryOf(sales, booking)).toBeUndefined()
    expect(await entryOf(ops, number)).toBeUndefined()
    expect((await entryOf(ops, booking))?.waiting).toBe(1)

    // Opened and read: unread for the reader no more, still waiting for an answer.
    expect((await get(server.app, paths.staffConversation('quote', number), sales)).status).toBe(200)
    const unread = (await (await get(server.app, paths.staffUnread, sales)).json()) as UnreadCounts
    expect(unread.subjects.some((one) => one.subject.number === number)).toBe(false)
    expect((await entryOf(sales, number))?.waiting).toBe(1)

    // A colleague's reply answers it; the customer's next message waits again.
    const colleague = await staffAuth(['sales'])
    await send(server.app, paths.staffMessages('quote', number), colleague, { body: 'Yes, Thursday.' })
    expect(await entryOf(sales, number)).toBeUndefined()
    await send(server.app, paths.messages('quote', number), alice, { body: 'Thanks! And the cut-off?' })
    expect(await entryOf(sales, number)).toMatchObject({ waiting: 1, excerpt: 'Thanks! And the cut-off?' })
  })

  it('lets a conversation be marked handled (audited), and a new message brings it back', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const sales = await staffAuth(['sales'])
    const first = (await (
      await send(server.app, paths.messages('quote', number), alice, { body: 'Thank you!' })
    ).json()) as { message: ConversationMessage }
    await send(server.app, paths.messages('quote', number), alice, { body: 'All clear now.' })
    const entry = await entryOf(sales, number)
    expect(entry?.waiting).toBe(2)

    // Marking what one saw: a message written after it still waits.
    const partly = await markHandled(sales, number, first.message.id)
    expect(partly.status).toBe(200)
    expect(((await partly.json()) as HandledMark).waiting).toBe(1)
    expect((await entryOf(sales, number))?.waiting).toBe(1)

    const marked = await markHandled(sales, number, entry?.lastMessageId ?? 0)
    expect(marked.status).toBe(200)
    expect((await marked.json()) as HandledMark).toMatchObject({
      subject: { type: 'quote', number },
      upTo: entry?.lastMessageId,
      waiting: 0,
    })
    expect(await entryOf(sales, number)).toBeUndefined()
    // Twice, or by a colleague meanwhile: nothing waits any more.
    const again = await markHandled(sales, number, entry?.lastMessageId ?? 0)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: conversationMessages.nothingWaiting })

    const back = (await (
      await send(server.app, paths.messages('quote', number), alice, { body: 'One more thing.' })
    ).json()) as { message: ConversationMessage }
    const returned = await entryOf(sales, number)
    expect(returned).toMatchObject({ waiting: 1, lastMessageId: back.message.id })
    expect(returned?.handledBefore?.at).toBeTruthy()
    // What the person saw before the new message is handled already: the new one is not covered.
    expect((await markHandled(sales, number, entry?.lastMessageId ?? 0)).status).toBe(409)

    // The trail says who marked it, in which role.
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['action', 'actor_staff_id', 'actor_role', 'changes'])
      .where('record_id', '=', number)
      .where('action', '=', 'conversation.handled')
      .orderBy('id')
      .execute()
    expect(audit.map((row) => [row.actor_staff_id, row.actor_role, row.changes])).toEqual([
      [sales.id, 'sales', { handledUpTo: { before: null, after: first.message.id } }],
      [sales.id, 'sales', { handledUpTo: { before: first.message.id, after: entry?.lastMessageId } }],
    ])
  })

  it('refuses another desk’s conversation (403), an unknown one (404) and a body without a message id (422)', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const { message } = (await (
      await send(server.app, paths.messages('quote', number), alice, { body: 'Hello?' })
    ).json()) as { message: ConversationMessage }
    const ops = await staffAuth(['operations'])
    const sales = await staffAuth(['sales'])
    expect((await markHandled(ops, number, message.id)).status).toBe(403)
    expect((await markHandled(sales, 'ESQ-0000000000', message.id)).status).toBe(404)
    expect((await send(server.app, paths.staffHandled('quote', number), sales, {})).status).toBe(422)
    expect((await send(server.app, paths.staffHandled('quote', number), alice, { upTo: 1 })).status).toBe(401)
    expect((await entryOf(sales, number))?.waiting).toBe(1)
  })
})

describe('who may call what', () => {
  it('refuses a staff token on the customer routes and a customer token on the staff routes, with 401', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const sales = await staffAuth(['sales'])
    for (const path of [paths.unread, paths.conversation('quote', number), paths.events]) {
      expect((await get(server.app, path, sales)).status).toBe(401)
    }
    expect((await send(server.app, paths.messages('quote', number), sales, { body: 'x' })).status).toBe(401)
    for (const path of [paths.staffUnread, paths.staffConversation('quote', number), paths.staffEvents]) {
      expect((await get(server.app, path, alice)).status).toBe(401)
    }
    expect((await send(server.app, paths.staffMessages('quote', number), alice, { body: 'x' })).status).toBe(
      401,
    )
    // The Pricing role does not talk to customers.
    const pricing = await staffAuth(['pricing'])
    const refused = await get(server.app, paths.staffUnread, pricing)
    expect(refused.status).toBe(403)
    expect((await get(server.app, paths.staffEvents, pricing)).status).toBe(403)
  })

  it('takes the token from ?access_token= on the event streams only', async () => {
    const alice = await server.login()
    const token = alice.Authorization?.replace('Bearer ', '') as string
    const stream = await openStream(server.app, `${paths.events}?access_token=${token}`, {})
    await waitFor(() => expect(stream.events[0]?.event).toBe('ready'))
    await stream.close()
    expect((await server.app.request(`${paths.unread}?access_token=${token}`)).status).toBe(401)
    const sales = await staffAuth(['sales'])
    const staffStream = await openStream(server.app, `${paths.staffEvents}?access_token=${sales.token}`, {})
    await staffStream.close()
    expect((await server.app.request(`${paths.staffUnread}?access_token=${sales.token}`)).status).toBe(401)
  })
})

describe('the event streams', () => {
  it('carry a message posted through process A to a stream held by process B, for the company and the staff', async () => {
    const { database, clock } = server
    const processA = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const processB = createApp({ db: database.db, now: clock.now, trustProxy: 1, listen: database.listen })
    const alice = await server.login()
    const number = await quoteOf(alice)
    const sales = await staffAuth(['sales'])
    // Wait until B listens: a message posted now reaches B's stream.
    const customerStream = await openStream(processB, paths.events, alice)
    const staffStream = await openStream(processB, paths.staffEvents, sales)
    await waitFor(
      async () => {
        await send(processA, paths.staffMessages('quote', number), sales, { body: 'ping' })
        expect(customerStream.messages().length).toBeGreaterThan(0)
      },
      { interval: 100 },
    )
    const before = customerStream.messages().length
    const posted = await send(processA, paths.messages('quote', number), alice, { body: 'Across processes' })
    const { message } = (await posted.json()) as { message: ConversationMessage }
    // A last ping of the wait above may still arrive after `before` was read: the message is found by its id.
    await customerStream.waitFor(before + 1)
    await waitFor(() => expect(customerStream.messages().map((m) => m.id)).toContain(message.id))
    expect(customerStream.messages().find((m) => m.id === message.id)).toEqual({ ...message, mine: true })
    const staffSeen = await staffStream.waitFor(1)
    expect(staffSeen.find((m) => m.id === message.id)).toEqual({ ...message, mine: false })
    // Each message once per stream.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const ids = customerStream.messages().map((m) => m.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(customerStream.events.filter((e) => e.event === 'message').map((e) => Number(e.id))).toEqual(ids)
    await customerStream.close()
    await staffStream.close()
  })

  it('resume after Last-Event-ID with exactly the messages missed', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const sales = await staffAuth(['sales'])
    const first = await openStream(server.app, paths.events, alice)
    await send(server.app, paths.staffMessages('quote', number), sales, { body: 'one' })
    const [seen] = await first.waitFor(1)
    await first.close()
    // Dropped: two messages go by.
    const missed: number[] = []
    for (const body of ['two', 'three']) {
      const res = await send(server.app, paths.staffMessages('quote', number), sales, { body })
      missed.push(((await res.json()) as { message: ConversationMessage }).message.id)
    }
    // Another company's message is not among them.
    const bob = await server.login()
    await send(server.app, paths.messages('quote', await quoteOf(bob)), bob, { body: 'not yours' })
    const resumed = await openStream(server.app, paths.events, alice, { 'Last-Event-ID': String(seen?.id) })
    const got = await resumed.waitFor(2)
    await send(server.app, paths.staffMessages('quote', number), sales, { body: 'four' })
    const all = await resumed.waitFor(3)
    expect(all.map((m) => m.body)).toEqual(['two', 'three', 'four'])
    expect(got.slice(0, 2).map((m) => m.id)).toEqual(missed)
    // The same with ?lastEventId= (a new EventSource after a reload).
    const reloaded = await openStream(server.app, `${paths.events}?lastEventId=${seen?.id}`, alice)
    expect((await reloaded.waitFor(3)).map((m) => m.body)).toEqual(['two', 'three', 'four'])
    await resumed.close()
    await reloaded.close()
  })

  it('beat while quiet, and close within seconds when the session ends or the staff member is deactivated', async () => {
    const { database, clock } = server
    const hub = new EventHub({ db: database.db, now: clock.now, recheckMs: 50, heartbeatMs: 20 })
    const app = createApp({ db: database.db, now: clock.now, trustProxy: 1, eventHub: hub })
    const alice = await server.login()
    const sales = await staffAuth(['sales'])
    const customerStream = await openStream(app, paths.events, alice)
    const staffStream = await openStream(app, paths.staffEvents, sales)
    expect(hub.size).toBe(2)
    // A quiet stream gets its heartbeat comment.
    await waitFor(() => expect(customerStream.raw).toContain(': heartbeat\n\n'))
    expect(
      (await app.request('/api/auth/logout', { method: 'POST', headers: headersOf(alice) })).status,
    ).toBe(200)
    await waitFor(() => expect(customerStream.ended).toBe(true), { interval: 20 })
    expect(staffStream.ended).toBe(false)
    await server.db
      .updateTable('staff_members')
      .set({ deactivated_at: clock.now() })
      .where('id', '=', sales.id)
      .execute()
    await waitFor(() => expect(staffStream.ended).toBe(true), { interval: 20 })
    expect(hub.size).toBe(0)
  })
})

describe('the mail of a message unread for 5 minutes', () => {
  const job = () =>
    new ConversationMailJob({
      db: server.db,
      mailer: createMailer({ appUrl: 'https://app.eship.test' }),
      now: server.clock.now,
    })
  const mailsAbout = (number: string) =>
    server.db
      .selectFrom('outbox')
      .select(['to', 'subject', 'text'])
      .where('subject', 'like', `%${number}%`)
      .orderBy('id')
      .execute()

  it('goes once to the company’s users who allow it, not when read in time, not before 5 minutes', async () => {
    const alice = await server.login()
    const quiet = await server.login()
    const company = await server.db
      .selectFrom('users')
      .select('customer_id')
      .where('esus_email_id', '=', alice.email)
      .executeTakeFirstOrThrow()
    await server.db
      .updateTable('users')
      .set({ customer_id: company.customer_id })
      .where('esus_email_id', '=', quiet.email)
      .execute()
    const off = await server.app.request(profilePaths.notifications, {
      ...postJson({ ...defaultNotificationSettings, messages: false }, headersOf(quiet)),
      method: 'PUT',
    })
    expect(off.status).toBe(200)
    expect(((await off.json()) as { notifications: { messages: boolean } }).notifications.messages).toBe(
      false,
    )
    const unread = await quoteOf(alice)
    const readInTime = await quoteOf(alice)
    const sales = await staffAuth(['sales'])
    await send(server.app, paths.staffMessages('quote', unread), sales, { body: 'Your rate is ready.' })
    await send(server.app, paths.staffMessages('quote', unread), sales, { body: 'Valid for 14 days.' })
    await send(server.app, paths.staffMessages('quote', readInTime), sales, { body: 'Seen soon.' })

    // Not yet.
    server.clock.advance(UNREAD_MAIL_AFTER_MS - 1000)
    await job().runOnce()
    expect(await mailsAbout(unread)).toEqual([])
    expect((await get(server.app, paths.conversation('quote', readInTime), alice)).status).toBe(200)

    server.clock.advance(1000)
    const [a, b] = [job(), job()]
    await Promise.all([a.runOnce(), b.runOnce()])
    await job().runOnce()
    const mails = await mailsAbout(unread)
    expect(mails.map((m) => m.to)).toEqual([alice.email])
    expect(mails[0]?.subject).toBe(`New message about your quote ${unread}`)
    expect(mails[0]?.text).toContain('Your rate is ready.')
    expect(mails[0]?.text).toContain('Valid for 14 days.')
    expect(mails[0]?.text).toContain(`https://app.eship.test/user/getquote?quote=${unread}`)
    expect(await mailsAbout(readInTime)).toEqual([])
    // Reading it later sends nothing more, nor does another round.
    server.clock.advance(UNREAD_MAIL_AFTER_MS)
    await job().runOnce()
    expect(await mailsAbout(unread)).toHaveLength(1)
  })

  it('goes to the staff with the Sales role for a quote’s customer message, not when answered in time', async () => {
    const alice = await server.login()
    const number = await quoteOf(alice)
    const answered = await quoteOf(alice)
    const sales = await staffAuth(['sales'])
    const ops = await staffAuth(['operations'])
    await send(server.app, paths.messages('quote', number), alice, { body: 'Can you do better?' })
    await send(server.app, paths.messages('quote', answered), alice, { body: 'Quick question' })
    await send(server.app, paths.staffMessages('quote', answered), sales, { body: 'Quick answer' })
    server.clock.advance(UNREAD_MAIL_AFTER_MS)
    await job().runOnce()
    const mails = await mailsAbout(number)
    const to = mails.map((m) => m.to)
    expect(to).toContain(sales.email)
    expect(to).not.toContain(ops.email)
    expect(mails[0]?.subject).toMatch(new RegExp(`^Unanswered customer message: quote ${number} \\(`))
    expect((await mailsAbout(answered)).filter((m) => m.subject.startsWith('Unanswered'))).toEqual([])
    // The staff's answer there is Alice's to read: that one mails her.
    expect((await mailsAbout(answered)).map((m) => m.to)).toEqual([alice.email])
  })
})
