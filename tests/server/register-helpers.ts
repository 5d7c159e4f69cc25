/**
 * Shared set-up of the registration tests (register*.test.ts): a server on a hand-moved clock, the countries
 * they register in, the calls of the registration API each from an address of its own, and the mails and
 * accounts they leave.
 */
import { expect } from 'vitest'
import { messages } from '../../contract/messages'
import type { RegistrationInput } from '../../contract/rules'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { postJson, registrationPayload, setupAuthServer } from './helpers'

export const APP_URL = 'https://app.eship.test'
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const registeredBody = JSON.stringify({ message: messages.registered })

/** Each request comes from its own address unless told, so rate limits only bite where a test wants them. */
let ipCount = 0
export const nextIp = () => {
  ipCount += 1
  return `10.${Math.floor(ipCount / 250)}.${ipCount % 250}.1`
}

let emailCount = 0
const newEmail = () => {
  emailCount += 1
  return `Register.${emailCount}@Example.com`
}

export const tokenIn = (text: string | undefined): string | undefined =>
  /\/activate\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1]

export type RegisterServer = Awaited<ReturnType<typeof setupRegisterServer>>

export async function setupRegisterServer() {
  const server = await setupAuthServer({ appUrl: APP_URL })
  const country = (code: string) =>
    server.db.selectFrom('countries').selectAll().where('mcou_code', '=', code).executeTakeFirstOrThrow()
  const sg = await country('SG')
  const ae = await country('AE')

  /** A valid payload; overrides may make it invalid (their types are loose on purpose). */
  function payload(overrides: Partial<Record<keyof RegistrationInput, unknown>> = {}) {
    const valid = registrationPayload(sg, newEmail())
    return { ...valid, ...overrides } as typeof valid
  }

  /** The answer of POST /api/register alone. */
  const registerAnswer = (body: unknown, ip = nextIp()) =>
    server.app.request(apiPaths.register, postJson(body, { 'X-Forwarded-For': ip }))

  /** POST /api/register, and the registration it leaves to be done after its answer. */
  const register = async (body: unknown, ip = nextIp()) => {
    const res = await registerAnswer(body, ip)
    await server.settled()
    return res
  }

  const activate = (token: unknown) => server.app.request(apiPaths.activate, postJson({ token }))

  const resend = async (email: string, ip = nextIp()) => {
    const res = await server.app.request(
      apiPaths.resendActivation,
      postJson({ email }, { 'X-Forwarded-For': ip }),
    )
    await server.settled()
    return res
  }

  async function login(email: string, password: string) {
    const res = await server.app.request(
      apiPaths.login,
      postJson({ email, password }, { 'X-Forwarded-For': nextIp() }),
    )
    return { status: res.status, body: (await res.json()) as LoginResponse }
  }

  /** The mails to `email`, newest first, once the work of earlier answers is done (their mails come after them). */
  async function mailsTo(email: string) {
    await server.settled()
    return server.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', email.toLowerCase())
      .orderBy('id', 'desc')
      .execute()
  }

  /** The activation token of the newest mail to `email`. */
  async function latestToken(email: string): Promise<string> {
    const [mail] = await mailsTo(email)
    const token = tokenIn(mail?.text)
    if (!token) throw new Error(`no activation link in ${mail?.text}`)
    return token
  }

  async function usersWith(email: string) {
    return server.db
      .selectFrom('users')
      .selectAll()
      .where('esus_email_id', '=', email.toLowerCase())
      .execute()
  }

  /** Registers a fresh account and returns its email, password and activation token. */
  async function registered(overrides: Parameters<typeof payload>[0] = {}) {
    const body = payload(overrides)
    const res = await register(body)
    expect(res.status).toBe(200)
    return {
      email: body.esus_email_id.toLowerCase(),
      password: body.esus_password,
      token: await latestToken(body.esus_email_id),
    }
  }

  return {
    ...server,
    sg,
    ae,
    payload,
    registerAnswer,
    register,
    activate,
    resend,
    login,
    mailsTo,
    latestToken,
    usersWith,
    registered,
  }
}
