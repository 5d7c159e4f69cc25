import type { Kysely } from 'kysely'
import { type StaffLoginStep, type StaffUser, staffMessages } from '../../contract/staff'
import { appendAudit } from '../audit/audit'
import { hashToken, newToken } from '../auth/tokens'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { StaffRow } from './accounts'
import { openStaffSession } from './sessions'
import {
  acceptCode,
  groupedSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  qrSvg,
  totpUri,
} from './totp'

/** How long the second step may wait after the password: long enough to find the phone or install the app. */
export const CHALLENGE_TTL_MS = 10 * 60_000
/** Wrong codes one challenge takes before the password must be given again. */
export const CHALLENGE_MAX_FAILURES = 5

/**
 * The password was right: a challenge for the second step. A person without an authenticator yet is shown a
 * new secret (QR code and text) that their first code confirms; the others are asked for a code.
 */
export async function startChallenge(
  db: Kysely<Database>,
  staff: Pick<StaffRow, 'id' | 'email' | 'totp_secret'>,
  now: Date,
): Promise<StaffLoginStep> {
  const challenge = newToken()
  const pendingSecret = staff.totp_secret === null ? newTotpSecret() : null
  await db
    .insertInto('staff_challenges')
    .values({
      staff_id: staff.id,
      token_hash: hashToken(challenge),
      pending_secret: pendingSecret,
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      used_at: null,
    })
    .execute()
  if (pendingSecret === null) return { step: 'code', challenge }
  const uri = totpUri(staff.email, pendingSecret)
  return { step: 'enrol', challenge, secret: groupedSecret(pendingSecret), uri, qrSvg: qrSvg(uri) }
}

export type SecondFactor = { code: string } | { recoveryCode: string }

export type ChallengeOutcome =
  | { ok: true; token: string; staff: StaffUser; recoveryCodes?: string[]; usedRecoveryCode: boolean }
  | { ok: false; status: 400 | 401; message: string }

/**
 * The second step: checks the code (or a recovery code) against the challenge's person and, when right, opens
 * their session. During enrolment the first right code confirms the secret and ten recovery codes are made (only
 * their hashes are kept; they are shown once). A code is accepted once; a recovery code works once.
 */
export async function completeChallenge(
  db: Kysely<Database>,
  challengeToken: string,
  factor: SecondFactor,
  now: Date,
  /** Where the sign-in came from: the audit trail's row of it. */
  clientAddress: string | null = null,
): Promise<ChallengeOutcome> {
  const challengeHash = hashToken(challengeToken)
  const found = await db
    .selectFrom('staff_challenges as c')
    .innerJoin('staff_members as m', 'm.id', 'c.staff_id')
    .select([
      'c.id as challengeId',
      'c.pending_secret',
      'c.failures',
      'm.id',
      'm.email',
      'm.name',
      'm.roles',
      'm.totp_secret',
      'm.totp_last_step',
    ])
    .where('c.token_hash', '=', challengeHash)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .where('c.failures', '<', CHALLENGE_MAX_FAILURES)
    .where('m.deactivated_at', 'is', null)
    .executeTakeFirst()
  if (!found) return { ok: false, status: 400, message: staffMessages.challengeExpired }
  const staff: StaffUser = { id: found.id, email: found.email, name: found.name, roles: found.roles }
  const enrolling = found.pending_secret !== null
  const lastStep = found.totp_last_step === null ? null : Number(found.totp_last_step)

  const fail = async (message: string): Promise<ChallengeOutcome> => {
    await db
      .updateTable('staff_challenges')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', found.challengeId)
      .execute()
    return { ok: false, status: 401, message }
  }

  let step: number | undefined
  if ('code' in factor) {
    const secret = found.pending_secret ?? found.totp_secret
    step = secret ? await acceptCode(secret, factor.code, enrolling ? null : lastStep, now) : undefined
    if (step === undefined) return fail(staffMessages.codeInvalid)
  } else if (enrolling) {
    // No recovery codes exist before the authenticator is confirmed.
    return fail(staffMessages.recoveryInvalid)
  }

  return inTransaction(db, async (trx): Promise<ChallengeOutcome> => {
    const claimed = await trx
      .updateTable('staff_challenges')
      .set({ used_at: now })
      .where('id', '=', found.challengeId)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!claimed) return { ok: false, status: 400, message: staffMessages.challengeExpired }
    let recoveryCodes: string[] | undefined
    if ('recoveryCode' in factor) {
      const used = await trx
        .updateTable('staff_recovery_codes')
        .set({ used_at: now })
        .where('staff_id', '=', staff.id)
        .where('code_hash', '=', hashRecoveryCode(factor.recoveryCode))
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      if (!used) {
        // The challenge stays usable for another try (the claim above is undone with the transaction).
        throw new WrongRecoveryCode()
      }
    } else if (enrolling) {
      recoveryCodes = newRecoveryCodes()
      await trx
        .updateTable('staff_members')
        .set({ totp_secret: found.pending_secret, totp_last_step: step ?? null })
        .where('id', '=', staff.id)
        .execute()
      await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staff.id).execute()
      await trx
        .insertInto('staff_recovery_codes')
        .values(
          recoveryCodes.map((code) => ({
            staff_id: staff.id,
            code_hash: hashRecoveryCode(code),
            created_at: now,
            used_at: null,
          })),
        )
        .execute()
    } else {
      // Two sign-ins racing with the same code: only one moves the step forward.
      const moved = await trx
        .updateTable('staff_members')
        .set({ totp_last_step: step ?? null })
        .where('id', '=', staff.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step ?? 0)]))
        .returning('id')
        .executeTakeFirst()
      if (!moved) throw new WrongCode()
    }
    const token = newToken()
    await openStaffSession(trx, staff.id, hashToken(token), now)
    await appendAudit(
      trx,
      {
        actor: { kind: 'staff', staffId: staff.id, email: staff.email, role: null },
        clientAddress,
        action: enrolling
          ? 'staff.enrolled'
          : 'recoveryCode' in factor
            ? 'staff.signed_in_with_recovery_code'
            : 'staff.signed_in',
        recordType: 'staff',
        recordId: staff.id,
        customerId: null,
      },
      now,
    )
    return {
      ok: true,
      token,
      staff,
      usedRecoveryCode: 'recoveryCode' in factor,
      ...(recoveryCodes ? { recoveryCodes } : {}),
    }
  }).catch(async (error: unknown) => {
    if (error instanceof WrongRecoveryCode) return fail(staffMessages.recoveryInvalid)
    if (error instanceof WrongCode) return fail(staffMessages.codeInvalid)
    throw error
  })
}

class WrongRecoveryCode extends Error {}
class WrongCode extends Error {}

/** Recovery codes still unused. */
export async function recoveryCodesLeft(db: Kysely<Database>, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.left)
}
