import { type Kysely, sql } from 'kysely'
import type { SessionUser } from '../../contract/wire'
import type { Database } from '../db/schema'

export const SESSION_IDLE_MS = 15 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000

/**
 * A session's last request is recorded at this granularity: a request within it of the recorded one writes
 * nothing (no row lock, no WAL), so parallel requests of one session do not queue on its row. The idle
 * window is measured from the recorded time plus this much, so a session never ends before 15 minutes
 * without requests, and at most this much after.
 */
export const SESSION_TOUCH_MS = 10_000

/**
 * A session is live when not ended, seen within the idle window (measured from its recorded last request,
 * see SESSION_TOUCH_MS) and created within the absolute one.
 */
function liveSince(now: Date) {
  return {
    idleCutoff: new Date(now.getTime() - SESSION_IDLE_MS - SESSION_TOUCH_MS),
    absoluteCutoff: new Date(now.getTime() - SESSION_ABSOLUTE_MS),
  }
}

/** The query for the user's live sessions (see liveSince). */
function liveSessionsOf(db: Kysely<Database>, userId: number, now: Date) {
  const { idleCutoff, absoluteCutoff } = liveSince(now)
  return db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', idleCutoff)
    .where('created_at', '>=', absoluteCutoff)
}

/** Whether the user has a live session, the one that makes a login answer `isLoggedIn: true`. */
export async function hasLiveSession(db: Kysely<Database>, userId: number, now: Date): Promise<boolean> {
  return (await liveSessionsOf(db, userId, now).executeTakeFirst()) !== undefined
}

/**
 * Opens a session unless the user has a live one (one active session per user). The user's row is locked
 * so that two simultaneous logins cannot both succeed; sessions that have lapsed are closed on the way.
 * Returns false when another live session exists.
 */
export async function openSession(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    const live = await liveSessionsOf(trx, userId, now).executeTakeFirst()
    if (live) return false
    await endAllSessions(trx, userId, now)
    await trx
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now, last_seen_at: now })
      .execute()
    return true
  })
}

export interface LiveSession {
  sessionId: number
  userId: number
  /** The user's company: every quote and booking the user sees is the company's. */
  customerId: number
  /** When the session was opened (ms since the epoch): its absolute lifetime runs from here. */
  createdAt: number
  user: SessionUser
}

/**
 * Finds the live session of a token hash and, when its recorded last request is older than
 * SESSION_TOUCH_MS, slides its idle window to `now`, in one statement; undefined when there is none
 * (unknown, ended, idle too long, too old, the account is no longer a customer's, or it was deactivated).
 */
export async function touchSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const { idleCutoff, absoluteCutoff } = liveSince(now)
  const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS)
  // A raw statement: it runs before every authenticated request, and building it with the query builder
  // cost more than running it.
  const { rows } = await sql<
    SessionUser & { sessionId: number; userId: number; customerId: number; created_at: Date }
  >`
    with live as (
      select s.id as "sessionId", s.user_id as "userId", s.last_seen_at, s.created_at, u.customer_id as "customerId",
        u.esus_name, u.esus_email_id, u.esus_company_name, u.esus_mcou, c.mcou_code, u.company_role
      from sessions s
      join users u on u.id = s.user_id
      join countries c on c.mcou_rid = u.esus_mcou
      where s.token_hash = ${tokenHash} and s.ended_at is null and s.last_seen_at >= ${idleCutoff}
        and s.created_at >= ${absoluteCutoff} and u.user_type = 'Customer' and u.activated_at is not null
        and u.deactivated_at is null
    ), touched as (
      update sessions set last_seen_at = ${now}
      where id in (select "sessionId" from live where last_seen_at < ${staleBefore})
      returning id
    )
    select "sessionId", "userId", "customerId", created_at, esus_name, esus_email_id, esus_company_name,
      esus_mcou, mcou_code, company_role
    from live`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  const { sessionId, userId, customerId, created_at, ...user } = row
  return { sessionId, userId, customerId, createdAt: new Date(created_at).getTime(), user }
}

export async function endSession(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute()
}

/** Ends every session of the user still open (a new login, a new password); how many it ended. */
export async function endAllSessions(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
