/**
 * The seeds of the staff operations for the API fuzz tests (api-fuzz.test.ts): an admin whose session the
 * valid requests carry, and pools of single-use things (challenges with recovery codes, set-password links,
 * sessions to end, members to deactivate) made here directly.
 */
import { hashPassword } from '../../server/auth/password'
import { hashToken, newToken } from '../../server/auth/tokens'
import { insertStaff } from '../../server/staff/accounts'
import { openStaffSession } from '../../server/staff/sessions'
import { startChallenge } from '../../server/staff/sign-in'
import { hashRecoveryCode, newTotpSecret } from '../../server/staff/totp'
import type { Body, Seed } from './api-fuzz-requests'
import type { BookingServer } from './booking-helpers'

const POOL = 16
/** A well-formed token no session has: what a pool gives once it is used up. */
const spent = 'W'.repeat(43)

export async function makeStaffSeeds(
  server: BookingServer,
): Promise<{ staffToken: string; freshSession: () => Promise<string>; seeds: Record<string, () => Seed> }> {
  const now = server.clock.now()
  const passwordHash = await hashPassword('Staff#Pass1')
  let count = 0
  const member = async (roles: ('admin' | 'sales')[] = ['sales']) => {
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
  const admin = await member(['admin'])
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

  return {
    staffToken,
    freshSession: async () => session((await member()).id),
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
    },
  }
}
