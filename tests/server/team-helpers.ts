/**
 * Shared set-up of the team tests (team*.test.ts): a server on a hand-moved clock, companies with an Admin
 * signed in, the team API called with a session's token, the invitation and activation links of the mails.
 */
import { expect } from 'vitest'
import type { CompanyRole, TeamView } from '../../contract/team'
import { teamPaths } from '../../contract/team'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

export const APP_URL = 'https://app.eship.test'
export const DAY = 24 * 60 * 60 * 1000

let ipCount = 0
/** Each request from an address of its own, so that per-address limits only bite where a test wants them. */
export const nextIp = () => {
  ipCount += 1
  return `10.${Math.floor(ipCount / 250) % 250}.${ipCount % 250}.7`
}

let emailCount = 0
export const newEmail = (label = 'colleague') => {
  emailCount += 1
  return `${label}.${emailCount}.${Date.now().toString(36)}@example.com`
}

export const invitationTokenIn = (text: string | undefined) =>
  /\/join\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]
export const activationTokenIn = (text: string | undefined) =>
  /\/activate\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]

export interface Signed {
  id: number
  email: string
  password: string
  token: string
  customerId: number
}

export type TeamServer = Awaited<ReturnType<typeof setupTeamServer>>

export async function setupTeamServer() {
  const server = await setupAuthServer({ appUrl: APP_URL })
  const { db, app } = server

  /** A request with the session's token (none when null) and a JSON body when given. */
  const call = (token: string | null, method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        'X-Forwarded-For': nextIp(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  async function login(email: string, password: string) {
    const res = await app.request(
      apiPaths.login,
      postJson({ email, password }, { 'X-Forwarded-For': nextIp() }),
    )
    return { status: res.status, body: (await res.json()) as LoginResponse }
  }

  async function signIn(user: TestUser): Promise<Signed> {
    const { status, body } = await login(user.email, user.password)
    expect(status, JSON.stringify(body)).toBe(200)
    const row = await db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    return { ...user, token: body.token as string, customerId: row.customer_id }
  }

  /** A new company whose first user, its Admin, is signed in. */
  const newAdmin = async () => signIn(await createTestUser(db))

  async function team(token: string): Promise<TeamView> {
    const res = await call(token, 'GET', teamPaths.team)
    expect(res.status).toBe(200)
    return (await res.json()) as TeamView
  }

  /** The mails to `email`, newest first, once the work of earlier answers is done. */
  async function mailsTo(email: string) {
    await server.settled()
    return db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', email.toLowerCase())
      .orderBy('id', 'desc')
      .execute()
  }

  async function latestInvitationToken(email: string) {
    const [mail] = await mailsTo(email)
    const token = invitationTokenIn(mail?.text)
    if (!token) throw new Error(`no invitation link in ${mail?.text}`)
    return token
  }

  const invite = (admin: Signed, email: string, role: CompanyRole = 'member', name = 'Tan Wei') =>
    call(admin.token, 'POST', teamPaths.invitations, { email, name, role })

  const acceptBody = (token: string, email: string, overrides: Record<string, unknown> = {}) => ({
    token,
    email,
    esus_name: 'Tan Wei Ming',
    esus_phone: '91234567',
    esus_password: 'Colleague#2025',
    password_confirmation: 'Colleague#2025',
    ...overrides,
  })

  const accept = (token: string, email: string, overrides: Record<string, unknown> = {}) =>
    call(null, 'POST', teamPaths.invitationAccept, acceptBody(token, email, overrides))

  /** Invites `email` as `role` and accepts through the mail's link: the colleague, signed in. */
  async function colleague(admin: Signed, role: CompanyRole, email = newEmail(role)): Promise<Signed> {
    const invited = await invite(admin, email, role)
    expect(invited.status, await invited.clone().text()).toBe(201)
    const res = await accept(await latestInvitationToken(email), email)
    expect(res.status, await res.clone().text()).toBe(200)
    const body = (await res.json()) as LoginResponse
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('esus_email_id', '=', email)
      .executeTakeFirstOrThrow()
    return {
      id: user.id,
      email,
      password: 'Colleague#2025',
      token: body.token as string,
      customerId: admin.customerId,
    }
  }

  async function auditOf(action: string, recordId?: string | number) {
    let query = db.selectFrom('audit_events').selectAll().where('action', '=', action)
    if (recordId !== undefined) query = query.where('record_id', '=', String(recordId))
    return query.orderBy('id').execute()
  }

  return {
    ...server,
    call,
    login,
    signIn,
    newAdmin,
    team,
    mailsTo,
    latestInvitationToken,
    invite,
    accept,
    acceptBody,
    colleague,
    auditOf,
  }
}
