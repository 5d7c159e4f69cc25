/**
 * Shared set-up of the My Profile tests (profile*.test.ts): a server on a hand-moved clock, fresh customers
 * signed in, and the calls of the profile API.
 */
import { expect } from 'vitest'
import { type ProfileResponse, profilePaths } from '../../contract/profile'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { bearer, createTestUser, postJson, setupAuthServer, type TestUser } from './helpers'

export type ProfileServer = Awaited<ReturnType<typeof setupProfileServer>>

export async function setupProfileServer() {
  const server = await setupAuthServer({ appUrl: 'https://app.eship.test' })
  /** Malaysia: a country to move a profile to. */
  const my = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'MY')
    .executeTakeFirstOrThrow()

  /** A fresh customer, logged in: its id, email, password and bearer header. */
  async function signedIn(overrides: Parameters<typeof createTestUser>[1] = {}) {
    const user = await createTestUser(server.db, overrides)
    const auth = await logIn(user, user.password)
    return { ...user, auth }
  }

  async function logIn(user: TestUser, password: string) {
    const res = await server.app.request(apiPaths.login, postJson({ email: user.email, password }))
    const body = (await res.json()) as LoginResponse
    expect(res.status, JSON.stringify(body)).toBe(200)
    return bearer(body.token as string)
  }

  const send = (method: string, path: string, auth: Record<string, string>, body?: unknown) =>
    server.app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...auth },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  async function profileOf(auth: Record<string, string>) {
    const res = await send('GET', profilePaths.profile, auth)
    expect(res.status).toBe(200)
    return (await res.json()) as ProfileResponse
  }

  return { ...server, my, signedIn, logIn, send, profileOf }
}

/** The editable fields of `profile`, as updateProfile takes them, with `patch` over them. */
export function editOf(profile: ProfileResponse['profile'], patch: Record<string, unknown> = {}) {
  const { esus_name, esus_company_name, esus_mcou, code, esus_phone, esus_address1, esus_mcpy } = profile
  return { esus_name, esus_company_name, esus_mcou, code, esus_phone, esus_address1, esus_mcpy, ...patch }
}
