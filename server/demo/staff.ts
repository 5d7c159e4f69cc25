import { type Kysely, sql } from 'kysely'
import type { StaffRole } from '../../contract/permissions'
import { hashPassword, needsRehash, verifyPassword } from '../auth/password'
import type { Database } from '../db/schema'
import { findStaffByEmail, insertStaff } from '../staff/accounts'

/**
 * The demo staff of development servers (never made in production): one person per role, all with the same
 * password and the same authenticator secret, published here and in docs/staff.md, so that a newcomer can sign
 * in to the console (add the secret to any authenticator app, or compute a code with otplib) and tests can
 * compute codes. Never use these outside a development database.
 */
export const demoStaffPassword = 'Staff#2025demo'
/** Base32 (20 bytes): type it into an authenticator app as a time-based key. */
export const demoStaffTotpSecret = 'ESHIPDEMOSTAFFTOTPSECRETKEY23456'

export const demoStaff: readonly { email: string; name: string; roles: StaffRole[] }[] = [
  { email: 'admin@eship.example', name: 'Aisha Rahman', roles: ['admin'] },
  { email: 'sales@eship.example', name: 'Daniel Lim', roles: ['sales'] },
  { email: 'operations@eship.example', name: 'Priya Nair', roles: ['operations'] },
  { email: 'pricing@eship.example', name: 'Marcus Tan', roles: ['pricing'] },
  { email: 'finance@eship.example', name: 'Mei Ling Goh', roles: ['finance'] },
]

/**
 * Makes sure each demo staff member exists, is active, has their roles, the demo password and the demo secret;
 * idempotent. How many it created or repaired.
 */
export async function ensureDemoStaff(db: Kysely<Database>, now = new Date()): Promise<number> {
  let changed = 0
  let hash: string | undefined
  const demoHash = async () => {
    hash ??= await hashPassword(demoStaffPassword)
    return hash
  }
  for (const person of demoStaff) {
    const existing = await findStaffByEmail(db, person.email)
    if (!existing) {
      await insertStaff(
        db,
        { ...person, passwordHash: await demoHash(), totpSecret: demoStaffTotpSecret },
        now,
      )
      changed += 1
      continue
    }
    const passwordOk =
      existing.password_hash !== null &&
      !needsRehash(existing.password_hash) &&
      (await verifyPassword(demoStaffPassword, existing.password_hash))
    const rolesOk = [...existing.roles].sort().join() === [...person.roles].sort().join()
    if (passwordOk && rolesOk && existing.totp_secret === demoStaffTotpSecret && !existing.deactivated_at)
      continue
    await db
      .updateTable('staff_members')
      .set({
        ...(passwordOk ? {} : { password_hash: await demoHash() }),
        roles: sql<StaffRole[]>`${sql.val(person.roles)}::text[]`,
        totp_secret: demoStaffTotpSecret,
        deactivated_at: null,
      })
      .where('id', '=', existing.id)
      .execute()
    changed += 1
  }
  return changed
}
