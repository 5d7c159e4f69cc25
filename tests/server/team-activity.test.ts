/**
 * GET /api/team/activity (listTeamActivity, docs/teams.md "Who did what"): the company's own audit rows for
 * its Admins, newest first, 50 a page, filtered by person, each with a sentence and its page; never another
 * company's rows; a Member or Viewer gets 403.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { teamMessages, teamPaths } from '../../contract/team'
import { TEAM_ACTIVITY_PAGE_SIZE, type TeamActivityPage } from '../../contract/team-activity'
import type { LoginResponse } from '../../contract/wire'
import { appendAudit } from '../../server/audit/audit'
import type { Auth } from './booking-helpers'
import { type DocumentServer, setupDocumentServer } from './document-helpers'
import { bearer, postJson } from './helpers'
import { invitationTokenIn, newEmail, nextIp } from './team-helpers'

vi.setConfig({ testTimeout: 30_000 })

let server: DocumentServer
type Person = { auth: Auth; id: number; email: string }
let admin: Person & { customerId: number }
let member: Person
let viewer: Person
let other: Person
let adminBooking: string
let memberBooking: string

const idOf = async (email: string) =>
  server.db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('esus_email_id', '=', email)
    .executeTakeFirstOrThrow()

async function join(role: 'member' | 'viewer', name: string) {
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
  const res = await server.app.request(
    teamPaths.invitationAccept,
    postJson(
      {
        token: invitationTokenIn(mail?.text),
        email,
        esus_name: name,
        esus_phone: '91234567',
        esus_password: 'Colleague#2025',
        password_confirmation: 'Colleague#2025',
      },
      { 'X-Forwarded-For': nextIp() },
    ),
  )
  expect(res.status, await res.clone().text()).toBe(200)
  const body = (await res.json()) as LoginResponse
  return { auth: { ...bearer(body.token as string), email }, email, id: (await idOf(email)).id }
}

const activity = async (who: Person, query = '') => {
  const res = await server.call(who.auth, `${teamPaths.activity}${query}`)
  const body = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body as TeamActivityPage
}

beforeAll(async () => {
  server = await setupDocumentServer()
  const first = await server.login()
  const row = await idOf(first.email)
  admin = { auth: first, email: first.email, id: row.id, customerId: row.customer_id }
  member = await join('member', 'Priya Tan')
  viewer = await join('viewer', 'Viewer Lim')
  adminBooking = await server.book(admin.auth)
  memberBooking = await server.book(member.auth)
  const changed = await server.call(
    { ...admin.auth, 'X-Forwarded-For': nextIp() },
    teamPaths.memberRole(member.id),
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: 'viewer' }),
    },
  )
  expect(changed.status, await changed.clone().text()).toBe(200)
  const back = await server.call(
    { ...admin.auth, 'X-Forwarded-For': nextIp() },
    teamPaths.memberRole(member.id),
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: 'member' }),
    },
  )
  expect(back.status).toBe(200)
  // Another company, busy too.
  const stranger = await server.login()
  other = { auth: stranger, email: stranger.email, id: (await idOf(stranger.email)).id }
  await server.book(other.auth)
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

describe('listTeamActivity', () => {
  it("lists the company's own rows newest first, each with who, a sentence and its page", async () => {
    const { entries, people, page, pageCount, total } = await activity(admin)
    expect({ page, pageCount }).toEqual({ page: 1, pageCount: 1 })
    expect(total).toBe(entries.length)
    const ids = entries.map((e) => BigInt(e.id))
    expect([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(ids)
    const booked = entries.find((e) => e.summary === `Booked ${memberBooking}`)
    expect(booked).toMatchObject({
      actor: 'Priya Tan',
      actorUserId: member.id,
      link: { page: 'booking', number: memberBooking },
    })
    expect(entries.find((e) => e.summary === `Booked ${adminBooking}`)?.actorUserId).toBe(admin.id)
    const summaries = entries.map((e) => e.summary)
    expect(summaries).toContain("Changed Priya Tan's role from Member to Viewer")
    expect(summaries).toContain("Changed Priya Tan's role from Viewer to Member")
    expect(summaries.some((s) => /^Invited viewer\.\d+\..+@example\.com as Viewer$/.test(s))).toBe(true)
    expect(summaries).toContain('Accepted the invitation and joined as Member')
    const quote = entries.find((e) => e.action === 'quote.created' && e.actorUserId === member.id)
    expect(quote?.summary).toMatch(/^Got instant quote ESQ-\d{10}$/)
    expect(quote?.link).toEqual({ page: 'quote', number: quote?.recordId })
    expect(entries.find((e) => e.action === 'team.role_changed')?.link).toEqual({ page: 'team' })
    expect(people.map((p) => p.id).sort()).toEqual([admin.id, member.id, viewer.id].sort())
  })

  it("never shows another company's rows", async () => {
    const mine = await activity(admin)
    expect(mine.entries.every((e) => e.actorUserId !== other.id)).toBe(true)
    const theirs = await activity(other)
    expect(theirs.entries.length).toBeGreaterThan(0)
    expect(theirs.entries.every((e) => e.actorUserId === other.id)).toBe(true)
    expect(theirs.people.map((p) => p.id)).toEqual([other.id])
    // Filtering by a person of another company finds nothing.
    expect((await activity(admin, `?user=${other.id}`)).entries).toEqual([])
  })

  it('filters by person', async () => {
    const { entries } = await activity(admin, `?user=${member.id}`)
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.every((e) => e.actorUserId === member.id && e.actor === 'Priya Tan')).toBe(true)
  })

  it('pages by 50, the newest first', async () => {
    const at = server.clock.now()
    await server.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 60; i++) {
        await appendAudit(
          trx,
          {
            actor: { kind: 'customer', userId: viewer.id, customerId: admin.customerId, email: viewer.email },
            clientAddress: null,
            action: 'profile.updated',
            recordType: 'user',
            recordId: viewer.id,
            customerId: admin.customerId,
          },
          at,
        )
      }
    })
    const first = await activity(admin, `?user=${viewer.id}`)
    expect(first.entries).toHaveLength(TEAM_ACTIVITY_PAGE_SIZE)
    expect(first.total).toBeGreaterThanOrEqual(61)
    expect(first.pageCount).toBe(Math.ceil(first.total / TEAM_ACTIVITY_PAGE_SIZE))
    const second = await activity(admin, `?user=${viewer.id}&page=2`)
    expect(second.page).toBe(2)
    expect(second.entries).toHaveLength(first.total - TEAM_ACTIVITY_PAGE_SIZE)
    const lastOfFirst = BigInt(first.entries.at(-1)?.id ?? '0')
    expect(second.entries.every((e) => BigInt(e.id) < lastOfFirst)).toBe(true)
    expect(second.entries.at(-1)?.summary).toBe('Accepted the invitation and joined as Viewer')
    expect(first.entries[0]?.summary).toBe('Changed their profile')
  })

  it('is for Admins: a Member or Viewer gets 403', async () => {
    for (const [who, message] of [
      [member, teamMessages.adminOnly],
      [viewer, teamMessages.viewerForbidden],
    ] as const) {
      const res = await server.call(who.auth, teamPaths.activity)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message })
    }
  })

  it('answers 422 for a junk person or page, and 401 without a session', async () => {
    for (const query of ['?user=abc', '?page=0', '?page=x']) {
      expect((await server.call(admin.auth, `${teamPaths.activity}${query}`)).status).toBe(422)
    }
    expect((await server.app.request(teamPaths.activity)).status).toBe(401)
  })
})
