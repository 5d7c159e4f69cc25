/**
 * Issue 34, point 6: an Admin's invitation answered 409 "This email already has an account." for an email
 * registered with any company, which told every new company who has an account (registration and login are
 * built not to: auth-sameness.test.ts). An email with an account in another company is now invited as one
 * without: the same status, body, headers and SQL statements up to the answer. Only the mail differs: the
 * person is told how to join instead, with no link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TeamInvitation, teamMessages, teamPaths } from '../../contract/team'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { createApp } from '../../server/app'
import { AfterAnswer } from '../../server/jobs/after-answer'
import { bearer, createTestUser, openTestDatabase, postJson, type TestDatabase, testClock } from './helpers'
import { recording } from './statement-recorder'
import { invitationTokenIn } from './team-helpers'

let database: TestDatabase
let statements: string[]
let app: ReturnType<typeof createApp>
let admin: { token: string; email: string }
const afterAnswer = new AfterAnswer()

let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `192.0.2.${ipCount % 250}`
}

beforeAll(async () => {
  database = await openTestDatabase()
  const recorder = recording(database.db)
  statements = recorder.statements
  app = createApp({ db: recorder.db, now: testClock().now, trustProxy: 1, afterAnswer })
  const user = await createTestUser(database.db)
  const res = await app.request(apiPaths.login, postJson({ email: user.email, password: user.password }))
  admin = { token: ((await res.json()) as LoginResponse).token as string, email: user.email }
  // The first invitation pays for what is made once.
  await invite(`warm.up@example.com`)
}, 60_000)

afterAll(async () => {
  await database?.close()
})

interface Answer {
  status: number
  /** The body with the invited email and the invitation's id put as `EMAIL` and `"ID"`. */
  body: string
  /** Every header, Server-Timing's duration left out. */
  headers: [string, string][]
  /** The SQL statements run before the answer, in order. */
  statements: string[]
}

/** An invitation of `email` by the Admin: what was answered and done up to the answer. */
async function invite(email: string): Promise<Answer> {
  await afterAnswer.idle()
  statements.length = 0
  const res = await app.request(
    teamPaths.invitations,
    postJson(
      { email, name: 'Tan Wei', role: 'member' },
      { ...bearer(admin.token), 'X-Forwarded-For': nextIp() },
    ),
  )
  const text = await res.text()
  const id = (JSON.parse(text) as { invitation?: TeamInvitation }).invitation?.id
  return {
    status: res.status,
    body: text.replaceAll(email, 'EMAIL').replaceAll(`"id":${id},`, '"id":"ID",'),
    headers: [...res.headers.entries()]
      .map(([name, value]): [string, string] => [
        name,
        name === 'server-timing' ? value.replace(/dur=[\d.]+/, 'dur=…') : value,
      ])
      .sort(([a], [b]) => a.localeCompare(b)),
    statements: [...statements],
  }
}

const mailsTo = (email: string) =>
  database.db.selectFrom('outbox').select(['subject', 'text']).where('to', '=', email).execute()

describe('inviting an email that has an account in another company', () => {
  it('answers and works as for an email without one: status, body, headers and statements', async () => {
    const elsewhere = await createTestUser(database.db)
    const nobody = `nobody.${Date.now()}@example.com`
    const fresh = await invite(nobody)
    expect(fresh.status).toBe(201)
    expect(JSON.parse(fresh.body)).toMatchObject({
      message: teamMessages.invited,
      invitation: { email: 'EMAIL', status: 'Invited' },
    })
    expect(await invite(elsewhere.email)).toEqual(fresh)
  })

  it('lists both alike and mails each: the link to join, or how to join with no link', async () => {
    const elsewhere = await createTestUser(database.db)
    const nobody = `nobody.${Date.now()}.2@example.com`
    await invite(nobody)
    await invite(elsewhere.email)
    const team = await app.request(teamPaths.team, { headers: bearer(admin.token) })
    const { invitations } = (await team.json()) as { invitations: { email: string; status: string }[] }
    for (const email of [nobody, elsewhere.email]) {
      expect(invitations.find((invitation) => invitation.email === email)?.status, email).toBe('Invited')
    }
    const [joinMail] = await mailsTo(nobody)
    const [accountMail] = await mailsTo(elsewhere.email)
    expect(accountMail?.subject).toBe(joinMail?.subject)
    expect(invitationTokenIn(joinMail?.text)).toBeDefined()
    expect(invitationTokenIn(accountMail?.text)).toBeUndefined()
    expect(accountMail?.text).toContain('already has an eShip account')
    expect(accountMail?.text).toContain('ask ')
  })

  it('still answers 409 for one of the Admin’s own company, whom My Team lists', async () => {
    const own = await invite(admin.email)
    expect(own.status).toBe(409)
    expect(JSON.parse(own.body)).toEqual({ message: teamMessages.emailTaken })
  })
})
