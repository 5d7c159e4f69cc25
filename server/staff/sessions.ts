import { type Kysely, sql } from 'kysely'
import type { StaffRole } from '../../contract/permissions'
import type { StaffUser } from '../../contract/staff'
import { HeldSessions } from '../auth/live-sessions'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from '../auth/sessions'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'

/** The channel staff sessions and staff members notify (migration 0018). */
export const STAFF_SESSIONS_CHANNEL = 'staff_sessions'

export interface StaffSession {
  sessionId: number
  staffId: number
  createdAt: number
  staff: StaffUser
}

/**
 * Opens a staff session and ends every other of the same person (one live session per person). Unlike a
 * customer's second login, which is refused while the first session lives (the spec's rule, with its release
 * link), a staff sign-in has just proved the password and the second factor: it is the person, so their newer
 * sign-in wins and the older tab meets the expired flow at its next request.
 */
export async function openStaffSession(
  db: Kysely<Database>,
  staffId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('staff_sessions')
      .set({ ended_at: now })
      .where('staff_id', '=', staffId)
      .where('ended_at', 'is', null)
      .execute()
    await trx
      .insertInto('staff_sessions')
      .values({ staff_id: staffId, token_hash: tokenHash, created_at: now, last_seen_at: now })
      .execute()
  })
}

/**
 * The live staff session of a token hash (not ended, seen within 15 minutes, opened within 12 hours, its person
 * active), sliding its idle window as the customers' sessions do (server/auth/sessions.ts, touchSession).
 */
export async function touchStaffSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<StaffSession | undefined> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS - SESSION_TOUCH_MS)
  const absoluteCutoff = new Date(now.getTime() - SESSION_ABSOLUTE_MS)
  const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS)
  const { rows } = await sql<{
    sessionId: number
    staffId: number
    created_at: Date
    email: string
    name: string
    roles: StaffRole[]
  }>`
    with live as (
      select s.id as "sessionId", s.staff_id as "staffId", s.last_seen_at, s.created_at, m.email, m.name, m.roles
      from staff_sessions s join staff_members m on m.id = s.staff_id
      where s.token_hash = ${tokenHash} and s.ended_at is null and s.last_seen_at >= ${idleCutoff}
        and s.created_at >= ${absoluteCutoff} and m.deactivated_at is null
    ), touched as (
      update staff_sessions set last_seen_at = ${now}
      where id in (select "sessionId" from live where last_seen_at < ${staleBefore})
      returning id
    )
    select "sessionId", "staffId", created_at, email, name, roles from live`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  return {
    sessionId: row.sessionId,
    staffId: row.staffId,
    createdAt: new Date(row.created_at).getTime(),
    staff: { id: row.staffId, email: row.email, name: row.name, roles: row.roles },
  }
}

export async function endStaffSession(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute()
}

/** The staff sessions one process holds between requests (see HeldSessions). */
export class StaffSessions extends HeldSessions<StaffSession> {
  constructor(db: Kysely<Database>) {
    super(
      (tokenHash, now) => touchStaffSession(db, tokenHash, now),
      (session) => session.staffId,
    )
  }
}
