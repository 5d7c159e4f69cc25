/**
 * The seeds of My Team's operations and the invitation link for the API fuzz tests (api-fuzz-seeds.ts): `main`
 * is its company's Admin; its colleagues, invitations and requests to join are made here through the API.
 */
import { expect } from 'vitest'
import { teamPaths } from '../../contract/team'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'
import { postJson, registrationPayload } from './helpers'

let counter = 0
const fresh = () => {
  counter += 1
  return counter
}

const json = (value: unknown): Body => ({ kind: 'json', value })
const tokenIn = (text: string | undefined) => /\/join\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]
const acceptBody = (token: string, email: string) => ({
  token,
  email,
  esus_name: 'Fuzz Colleague',
  esus_phone: '91234567',
  esus_password: 'Colleague#2025',
  password_confirmation: 'Colleague#2025',
})

export async function teamSeeds(server: BookingServer, main: Auth): Promise<Record<string, () => Seed>> {
  const me = await server.db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.customer_id', 'customers.regn_no'])
    .where('users.esus_email_id', '=', main.email)
    .executeTakeFirstOrThrow()
  const country = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()

  /** An open invitation of `main`'s company: its id, email and the mailed link's token. */
  async function invitation() {
    const email = `fuzz.invited.${fresh()}@example.com`
    const res = await server.call(
      main,
      teamPaths.invitations,
      postJson({ email, name: 'Fuzz Invited', role: 'member' }),
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const { invitation: made } = (await res.json()) as { invitation: { id: number } }
    const [mail] = (await server.outbox(email)).reverse()
    const token = tokenIn(mail?.text)
    expect(token, 'the invitation link').toBeTruthy()
    return { id: made.id, email, token: token as string }
  }

  /** A colleague in `main`'s company, through an accepted invitation. */
  async function colleague() {
    const { email, token } = await invitation()
    const res = await server.app.request(teamPaths.invitationAccept, postJson(acceptBody(token, email)))
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as LoginResponse).user?.company_role).toBe('member')
    const row = await server.db
      .selectFrom('users')
      .select('id')
      .where('esus_email_id', '=', email)
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** A pending request to join `main`'s company, by a registration with its number. */
  async function joinRequest() {
    const body = {
      ...registrationPayload(country, `fuzz.joiner.${fresh()}@example.com`),
      esus_regn_no: me.regn_no,
    }
    const res = await server.app.request(
      apiPaths.register,
      postJson(body, { 'X-Forwarded-For': `192.0.2.${fresh()}` }),
    )
    expect(res.status).toBe(200)
    await server.settled()
    const row = await server.db
      .selectFrom('team_join_requests')
      .select('id')
      .where('email', '=', body.esus_email_id)
      .executeTakeFirstOrThrow()
    return row.id
  }

  const none = String(2_147_483_647)
  const toResend = await invitation()
  const toCheck = await invitation()
  const toRevoke = [await invitation(), await invitation(), await invitation()].map((i) => i.id)
  const toAccept = [await invitation(), await invitation(), await invitation()]
  const roleChanged = await colleague()
  const toDeactivate = [await colleague(), await colleague(), await colleague()]
  const toReactivate: number[] = []
  for (let i = 0; i < 3; i += 1) {
    const id = await colleague()
    const res = await server.call(main, teamPaths.deactivate(id), { method: 'POST' })
    expect(res.status).toBe(200)
    toReactivate.push(id)
  }
  const toApprove = [await joinRequest(), await joinRequest(), await joinRequest()]
  const toDecline = [await joinRequest(), await joinRequest(), await joinRequest()]

  return {
    getTeam: () => ({}),
    inviteTeamMember: () => ({
      body: json({ email: `fuzz.invite.${fresh()}@example.com`, name: 'Fuzz Invitee', role: 'viewer' }),
    }),
    resendTeamInvitation: () => ({ params: { id: String(toResend.id) } }),
    revokeTeamInvitation: () => ({ params: { id: String(toRevoke.pop() ?? none) } }),
    changeTeamRole: () => ({ params: { id: String(roleChanged) }, body: json({ role: 'viewer' }) }),
    deactivateTeamMember: () => ({ params: { id: String(toDeactivate.pop() ?? none) } }),
    reactivateTeamMember: () => ({ params: { id: String(toReactivate.pop() ?? none) } }),
    approveJoinRequest: () => ({
      params: { id: String(toApprove.pop() ?? none) },
      body: json({ role: 'member' }),
    }),
    declineJoinRequest: () => ({ params: { id: String(toDecline.pop() ?? none) } }),
    checkInvitation: () => ({ body: json({ token: toCheck.token }) }),
    acceptInvitation: () => {
      const next = toAccept.pop()
      return {
        body: json(
          next ? acceptBody(next.token, next.email) : acceptBody('A'.repeat(43), 'nobody@example.com'),
        ),
      }
    },
  }
}
