/**
 * The seeds of the staff operations for the API fuzz tests (api-fuzz.test.ts): an admin whose session the
 * valid requests carry, and pools of single-use things (challenges with recovery codes, set-password links,
 * sessions to end, members to deactivate) made here directly.
 */
import { sql } from 'kysely'
import type { StaffRole } from '../../contract/permissions'
import type { OfferInput } from '../../contract/quote-desk'
import type { QuoteDetail } from '../../contract/quotes'
import { hashPassword } from '../../server/auth/password'
import { hashToken, newToken } from '../../server/auth/tokens'
import { insertStaff } from '../../server/staff/accounts'
import { openStaffSession } from '../../server/staff/sessions'
import { startChallenge } from '../../server/staff/sign-in'
import { hashRecoveryCode, newTotpSecret } from '../../server/staff/totp'
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'
import { postJson } from './helpers'

const POOL = 16
/** A well-formed token no session has: what a pool gives once it is used up. */
const spent = 'W'.repeat(43)

export async function makeStaffSeeds(
  server: BookingServer,
  /** The customer whose requests the desk prices (and who declines offers). */
  customer: Auth,
): Promise<{
  staffToken: string
  freshSession: () => Promise<string>
  reinstate: () => Promise<void>
  seeds: Record<string, () => Seed>
}> {
  const now = server.clock.now()
  const passwordHash = await hashPassword('Staff#Pass1')
  let count = 0
  const member = async (roles: StaffRole[] = ['sales']) => {
    count += 1
    const added = await insertStaff(
      server.db,
      {
        email: `fuzz.staff${count}@eship.test`,
        name: `Fuzz Staff ${count}`,
        roles,
        passwordHash,
        totpSecret: newTotpSecret(),
      },
      now,
    )
    if (!added) throw new Error('staff email taken')
    return added
  }
  const session = async (id: number) => {
    const token = newToken()
    await openStaffSession(server.db, id, hashToken(token), now)
    return token
  }
  const admin = await member(['admin', 'sales'])
  const staffToken = await session(admin.id)
  const loginMember = await member()

  const challenges: { challenge: string; recoveryCode: string }[] = []
  const links: string[] = []
  const toDeactivate: number[] = []
  for (let i = 0; i < POOL; i += 1) {
    const person = await member()
    const recoveryCode = `fuzzc-${String(i).padStart(5, '0')}`
    await server.db
      .insertInto('staff_recovery_codes')
      .values({
        staff_id: person.id,
        code_hash: hashRecoveryCode(recoveryCode),
        created_at: now,
        used_at: null,
      })
      .execute()
    const step = await startChallenge(
      server.db,
      { id: person.id, email: person.email, totp_secret: 'SET' },
      now,
    )
    challenges.push({ challenge: step.challenge, recoveryCode })
    const link = newToken()
    await server.db
      .insertInto('staff_password_links')
      .values({
        staff_id: person.id,
        token_hash: hashToken(link),
        created_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
        used_at: null,
      })
      .execute()
    links.push(link)
    toDeactivate.push((await member()).id)
  }
  const json = (value: unknown): Body => ({ kind: 'json', value })

  // Quote requests of one customer: one taken and offered (for the desk's operations), a pool offered for the
  // customer's declines.
  const request = async () => {
    const res = await server.call(
      customer,
      '/api/quote-requests',
      postJson({ request: server.fcl({ destination: 'BRSSZ' }) }),
    )
    return ((await res.json()) as { quote: QuoteDetail }).quote.number
  }
  const validTo = new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10)
  const offer: OfferInput = {
    carrier: 'MSC',
    transitDays: 28,
    validTo,
    lines: [
      {
        code: 'BAS',
        name: 'Ocean freight',
        side: 'freight',
        basis: 'container',
        containerType: '40HC',
        currency: 'USD',
        amount: 210_000,
        minimum: 0,
      },
    ],
  }
  const asAdmin = (path: string, body: unknown) =>
    server.app.request(path, postJson(body, { Authorization: `Bearer ${staffToken}` }))
  const offered = async () => {
    const number = await request()
    await asAdmin(`/api/staff/quote-requests/${number}/assign`, {})
    await asAdmin(`/api/staff/quote-requests/${number}/offers`, offer)
    return number
  }
  const deskRequest = await offered()
  const assignable = await request()
  const toDecline: string[] = []
  for (let i = 0; i < 8; i += 1) toDecline.push(await offered())

  return {
    staffToken,
    freshSession: async () => session((await member()).id),
    /**
     * Gives the admin back their roles and their session: a mutated request may reach them (updateStaff or
     * deactivateStaff with their id, once a fuzzed addStaff has made a second admin), and every later staff
     * request carries their token.
     */
    reinstate: async () => {
      await server.db
        .updateTable('staff_members')
        .set({ roles: sql<StaffRole[]>`${sql.val(['admin', 'sales'])}::text[]`, deactivated_at: null })
        .where('id', '=', admin.id)
        .execute()
      await server.db
        .updateTable('staff_sessions')
        .set({ ended_at: null, last_seen_at: server.clock.now() })
        .where('token_hash', '=', hashToken(staffToken))
        .execute()
    },
    seeds: {
      staffLogin: () => ({ body: json({ email: loginMember.email, password: 'Staff#Pass1' }) }),
      staffVerifyCode: () => {
        const next = challenges.pop() ?? { challenge: spent, recoveryCode: 'aaaaa-aaaaa' }
        return { body: json(next) }
      },
      staffLogout: () => ({ freshSession: true }),
      checkStaffSession: () => ({}),
      staffSetPassword: () => ({
        body: json({
          token: links.pop() ?? newToken(),
          esus_password: 'Staff#Pass2',
          password_confirmation: 'Staff#Pass2',
        }),
      }),
      listStaff: () => ({}),
      addStaff: () => {
        count += 1
        return {
          body: json({ email: `fuzz.added${count}@eship.test`, name: 'Added Person', roles: ['sales'] }),
        }
      },
      updateStaff: () => ({ params: { id: String(loginMember.id) }, body: json({ name: 'Renamed Person' }) }),
      deactivateStaff: () => ({ params: { id: String(toDeactivate.pop() ?? 2_147_483_647) } }),
      resendStaffInvite: () => ({ params: { id: String(loginMember.id) } }),
      listQuoteRequests: () => ({ query: { view: 'open' } }),
      getQuoteRequest: () => ({ params: { number: deskRequest } }),
      assignQuoteRequest: () => ({ params: { number: assignable }, body: json({}) }),
      previewOffer: () => ({ params: { number: deskRequest }, body: json(offer) }),
      sendOffer: () => ({ params: { number: deskRequest }, body: json(offer) }),
      listFollowUps: () => ({}),
      listAuditEvents: () => ({ query: { action: 'staff.', limit: '20' } }),
      getStaffConversation: () => ({ params: { subjectType: 'quote', number: deskRequest } }),
      postStaffMessage: () => ({
        params: { subjectType: 'quote', number: deskRequest },
        body: json({ body: 'We can collect on Monday.' }),
      }),
      getStaffUnreadCounts: () => ({}),
      streamStaffEvents: () => ({}),
      declineOffer: () => ({
        params: { number: toDecline.pop() ?? deskRequest },
        body: json({ reason: 'Too dear.' }),
      }),
    },
  }
}
