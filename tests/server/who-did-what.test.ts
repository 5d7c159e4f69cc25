/**
 * Who did what (issue 24, docs/teams.md): quotes, bookings, documents and messages say who in the company made
 * them; My Quotes and My Bookings list Mine or Everyone on the server; booking mails reach the person who
 * booked and the colleagues who chose "All company bookings", each as their own settings allow, never a
 * deactivated one. Colleagues join through the team API's invitation, as a company's people do.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BookingDetail, BookingsResponse } from '../../contract/bookings'
import type { Conversation } from '../../contract/conversations'
import { defaultNotificationSettings, profilePaths } from '../../contract/profile'
import { mineMessage, type QuoteDetail, type QuotesResponse } from '../../contract/quotes'
import { type CompanyRole, teamPaths } from '../../contract/team'
import type { LoginResponse } from '../../contract/wire'
import type { Auth } from './booking-helpers'
import { minimalPdf } from './document-fixtures'
import { type DocumentServer, item, setupDocumentServer } from './document-helpers'
import { bearer, postJson } from './helpers'
import { invitationTokenIn, newEmail, nextIp } from './team-helpers'

vi.setConfig({ testTimeout: 30_000 })

interface Person {
  auth: Auth
  id: number
  name: string
  email: string
}

let server: DocumentServer
let admin: Person
let member: Person
let adminBooking: string
let memberBooking: string

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(status)
  return body as T
}

async function personOf(auth: Auth): Promise<Person> {
  const row = await server.db
    .selectFrom('users')
    .select(['id', 'esus_name'])
    .where('esus_email_id', '=', auth.email)
    .executeTakeFirstOrThrow()
  return { auth, id: row.id, name: row.esus_name, email: auth.email }
}

/** Invites a colleague into the Admin's company and accepts the mailed link: the colleague, signed in. */
async function colleague(role: CompanyRole, name: string): Promise<Person> {
  const email = newEmail(role)
  const invited = await server.call(
    { ...admin.auth, 'X-Forwarded-For': nextIp() },
    teamPaths.invitations,
    postJson({ email, name, role }),
  )
  expect(invited.status, await invited.clone().text()).toBe(201)
  await server.settled()
  const [mail] = await server.db
    .selectFrom('outbox')
    .select('text')
    .where('to', '=', email)
    .orderBy('id', 'desc')
    .execute()
  const token = invitationTokenIn(mail?.text)
  expect(token, 'the invitation link').toBeTruthy()
  const accepted = await server.app.request(
    teamPaths.invitationAccept,
    postJson(
      {
        token,
        email,
        esus_name: name,
        esus_phone: '91234567',
        esus_password: 'Colleague#2025',
        password_confirmation: 'Colleague#2025',
      },
      { 'X-Forwarded-For': nextIp() },
    ),
  )
  const body = await json<LoginResponse>(accepted)
  return personOf({ ...bearer(body.token as string), email })
}

const quotes = async (who: Person, query = '') =>
  (await json<QuotesResponse>(await server.call(who.auth, `/api/quotes${query}`))).quotes
const bookings = async (who: Person, query = '') =>
  (await json<BookingsResponse>(await server.call(who.auth, `/api/bookings${query}`))).bookings

beforeAll(async () => {
  server = await setupDocumentServer()
  admin = await personOf(await server.login())
  member = await colleague('member', 'Priya Tan')
  adminBooking = await server.book(admin.auth)
  memberBooking = await server.book(member.auth)
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

describe('Mine / Everyone', () => {
  it("lists everyone's quotes and bookings by default, with who made each", async () => {
    const all = await quotes(admin)
    expect(all).toHaveLength(2)
    expect(new Set(all.map((q) => q.madeBy))).toEqual(new Set([admin.name, 'Priya Tan']))
    const everyone = await bookings(admin, '?mine=false')
    expect(everyone.map((b) => b.number).sort()).toEqual([adminBooking, memberBooking].sort())
    expect(everyone.find((b) => b.number === memberBooking)?.bookedBy).toBe('Priya Tan')
  })

  it("lists only the signed-in person's with mine=true", async () => {
    const mine = await quotes(member, '?mine=true')
    expect(mine).toHaveLength(1)
    expect(mine[0]?.madeBy).toBe('Priya Tan')
    expect((await bookings(member, '?mine=true')).map((b) => b.number)).toEqual([memberBooking])
    expect((await bookings(admin, '?mine=true')).map((b) => b.number)).toEqual([adminBooking])
    expect((await quotes(admin, '?mine=true')).every((q) => q.madeBy === admin.name)).toBe(true)
  })

  it('keeps the other filters with it', async () => {
    expect(await bookings(member, `?mine=true&q=${adminBooking}`)).toEqual([])
    expect((await bookings(admin, `?mine=false&q=${memberBooking}`)).map((b) => b.number)).toEqual([
      memberBooking,
    ])
  })

  it('answers 422 with a clear message for anything but true or false', async () => {
    for (const path of ['/api/quotes?mine=yes', '/api/bookings?mine=1']) {
      const res = await server.call(admin.auth, path)
      expect(res.status).toBe(422)
      expect(JSON.stringify(await res.json())).toContain(mineMessage)
    }
  })
})

describe('who made each record', () => {
  it('says who booked on the booking page and who quoted on the quote page', async () => {
    const booking = await json<BookingDetail>(await server.call(admin.auth, `/api/bookings/${memberBooking}`))
    expect(booking.bookedBy).toBe('Priya Tan')
    const { quote } = await json<{ quote: QuoteDetail }>(
      await server.call(admin.auth, `/api/quotes/${booking.quoteNumber}`),
    )
    expect(quote.madeBy).toBe('Priya Tan')
  })

  it('says who uploaded each file, and that the forwarder issued the house bill', async () => {
    const uploaded = await server.uploaded(member.auth, adminBooking, 'commercial_invoice', minimalPdf())
    expect(uploaded.uploadedBy).toBe('Priya Tan')
    const invoice = item(await server.list(admin.auth, adminBooking), 'commercial_invoice')
    expect(invoice.files.map((f) => f.uploadedBy)).toEqual(['Priya Tan'])
    await server.confirm(adminBooking)
    const hbl = item(await server.list(admin.auth, adminBooking), 'hbl')
    expect(hbl.files[0]?.uploadedBy).toBe('eShip')
  })

  it("names a colleague's message by its author, not as the reader's own", async () => {
    const posted = await server.call(
      member.auth,
      `/api/conversations/booking/${adminBooking}/messages`,
      postJson({ body: 'The invoice is uploaded.' }),
    )
    expect(posted.status, await posted.clone().text()).toBe(201)
    const conversation = await json<Conversation>(
      await server.call(admin.auth, `/api/conversations/booking/${adminBooking}`),
    )
    const message = conversation.messages.at(-1)
    expect(message?.author).toEqual({ kind: 'customer', name: 'Priya Tan' })
    expect(message?.mine).toBe(false)
  })
})

describe('booking mails', () => {
  const settings = (who: Person, overrides: Partial<typeof defaultNotificationSettings>) =>
    server.call(who.auth, profilePaths.notifications, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...defaultNotificationSettings, ...overrides }),
    })

  const confirmedMails = async (number: string) => {
    await server.settled()
    const rows = await server.db
      .selectFrom('outbox')
      .select('to')
      .where('subject', 'like', `Booking ${number} confirmed%`)
      .execute()
    return rows.map((row) => row.to).sort()
  }

  it('go to the booker and to the active colleagues who follow every booking, each as their settings allow', async () => {
    const follower = await colleague('viewer', 'Follower Lim')
    const quiet = await colleague('member', 'Quiet Ong')
    const muted = await colleague('member', 'Muted Goh')
    const gone = await colleague('member', 'Gone Chua')
    expect((await settings(follower, { companyBookings: true })).status).toBe(200)
    // Follows every booking but wants no milestone mails: the kind's own setting still counts.
    expect((await settings(muted, { companyBookings: true, milestones: false })).status).toBe(200)
    expect((await settings(gone, { companyBookings: true })).status).toBe(200)
    const deactivated = await server.call(
      { ...admin.auth, 'X-Forwarded-For': nextIp() },
      teamPaths.deactivate(gone.id),
      { method: 'POST' },
    )
    expect(deactivated.status, await deactivated.clone().text()).toBe(200)

    const number = await server.book(member.auth)
    await server.confirm(number)
    // Not Quiet Ong (the setting off), Muted Goh (milestones off) or Gone Chua (deactivated).
    expect(await confirmedMails(number)).toEqual([member.email, follower.email].sort())
    expect(await confirmedMails(number)).not.toContain(quiet.email)
  })

  it('stop for a colleague who turns "All company bookings" off, and reach the booker with it off', async () => {
    const follower = await colleague('member', 'Once Keen')
    expect((await settings(follower, { companyBookings: true })).status).toBe(200)
    expect((await settings(follower, { companyBookings: false })).status).toBe(200)
    const number = await server.book(admin.auth)
    await server.confirm(number)
    const to = await confirmedMails(number)
    expect(to).toContain(admin.email)
    expect(to).not.toContain(follower.email)
  })

  it('keep the setting: off for a new account, saved and answered by the profile', async () => {
    const fresh = await colleague('member', 'New Face')
    const profile = await json<{ notifications: typeof defaultNotificationSettings }>(
      await server.call(fresh.auth, profilePaths.profile),
    )
    expect(profile.notifications.companyBookings).toBe(false)
    const saved = await json<{ notifications: typeof defaultNotificationSettings }>(
      await settings(fresh, { companyBookings: true }),
    )
    expect(saved.notifications.companyBookings).toBe(true)
    // A client that does not send it leaves it as it is.
    const { companyBookings: _left, ...older } = { ...defaultNotificationSettings }
    const kept = await json<{ notifications: typeof defaultNotificationSettings }>(
      await server.call(fresh.auth, profilePaths.notifications, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(older),
      }),
    )
    expect(kept.notifications.companyBookings).toBe(true)
  })
})
