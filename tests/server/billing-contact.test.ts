/**
 * The billing contact (GET/PUT /api/team/billing-contact, docs/payments.md "Reminders"): anyone of the company
 * reads it, only an Admin names or removes it (Member and Viewer 403, nothing changed), a bad email is a 422
 * naming the field, each company has its own, and a change is audited and listed in the team's activity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BillingContact,
  billingContactMessages,
  billingContactPath,
} from '../../contract/finance/reminders'
import { ruleMessages } from '../../contract/rules'
import { type CompanyRole, teamMessages, teamPaths } from '../../contract/team'
import type { TeamActivityPage } from '../../contract/team-activity'
import { type Signed, setupTeamServer, type TeamServer } from './team-helpers'

let server: TeamServer
let admin: Signed
const colleagues = {} as Record<Exclude<CompanyRole, 'admin'>, Signed>

beforeAll(async () => {
  server = await setupTeamServer()
  admin = await server.newAdmin()
  colleagues.member = await server.colleague(admin, 'member')
  colleagues.viewer = await server.colleague(admin, 'viewer')
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const read = async (who: Signed) => {
  const res = await server.call(who.token, 'GET', billingContactPath)
  expect(res.status).toBe(200)
  return (await res.json()) as BillingContact
}
const put = (who: Signed, body: unknown) => server.call(who.token, 'PUT', billingContactPath, body)

describe('the billing contact', () => {
  it('an Admin names it (kept in lower case), everyone reads it, and removes it', async () => {
    expect(await read(colleagues.viewer)).toEqual({ email: null })
    const res = await put(admin, { email: ' AP@Example.com' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      message: billingContactMessages.saved,
      billingContact: { email: 'ap@example.com' },
    })
    for (const who of [admin, colleagues.member, colleagues.viewer])
      expect(await read(who)).toEqual({ email: 'ap@example.com' })
    // Another company has its own.
    const other = await server.newAdmin()
    expect(await read(other)).toEqual({ email: null })

    const [named] = await server.auditOf('team.billing_contact_changed', admin.customerId)
    expect(named).toMatchObject({
      actor_user_id: admin.id,
      customer_id: admin.customerId,
      changes: { billing_contact_email: { before: null, after: 'ap@example.com' } },
    })
    // The same again changes nothing and adds no row.
    expect((await put(admin, { email: 'ap@example.com' })).status).toBe(200)
    expect(await server.auditOf('team.billing_contact_changed', admin.customerId)).toHaveLength(1)

    const cleared = await put(admin, { email: null })
    expect(await cleared.json()).toEqual({
      message: billingContactMessages.cleared,
      billingContact: { email: null },
    })
    expect(await read(colleagues.member)).toEqual({ email: null })
    const activity = await server.call(admin.token, 'GET', teamPaths.activity)
    const { entries } = (await activity.json()) as TeamActivityPage
    expect(entries.slice(0, 2).map((entry) => entry.summary)).toEqual([
      'Removed the billing contact ap@example.com',
      'Named ap@example.com the billing contact',
    ])
  })

  it('refuses a Member and a Viewer with 403, changing nothing', async () => {
    await put(admin, { email: 'finance@example.com' })
    const audited = (await server.auditOf('team.billing_contact_changed')).length
    for (const [role, who] of Object.entries(colleagues)) {
      const res = await put(who, { email: 'mine@example.com' })
      expect(res.status, role).toBe(403)
      expect(await res.json()).toEqual({
        message: role === 'viewer' ? teamMessages.viewerForbidden : teamMessages.adminOnly,
      })
    }
    expect(await read(admin)).toEqual({ email: 'finance@example.com' })
    expect(await server.auditOf('team.billing_contact_changed')).toHaveLength(audited)
  })

  it('refuses a bad email with 422 at its field, changing nothing', async () => {
    await put(admin, { email: 'finance@example.com' })
    for (const [body, message] of [
      [{ email: 'not an email' }, ruleMessages.registerEmailInvalid],
      [{ email: '' }, ruleMessages.emailRequired],
      [{ email: `${'a'.repeat(250)}@example.com` }, ruleMessages.tooLong],
      [{}, undefined],
      [{ email: 42 }, undefined],
    ] as const) {
      const res = await put(admin, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      const answer = (await res.json()) as { errors: Record<string, string[]> }
      expect(Object.keys(answer.errors)).toEqual(['email'])
      if (message) expect(answer.errors.email).toContain(message)
    }
    expect(await read(admin)).toEqual({ email: 'finance@example.com' })
  })

  it('answers 401 without a session', async () => {
    expect((await server.call(null, 'GET', billingContactPath)).status).toBe(401)
    expect((await server.call(null, 'PUT', billingContactPath, { email: null })).status).toBe(401)
  })
})
