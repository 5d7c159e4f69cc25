/**
 * The sessions of a kind of principal (issue 33): a customer's (server/auth/sessions.ts) or a staff member's
 * (server/staff/sessions.ts). Each kind keeps its own tables and says what differs on purpose; opening, the
 * look-up that slides the idle window, the idle and absolute expiry and ending are written here once.
 *
 * The statements are raw SQL whose identifiers come from the kind's constants (sql.table, sql.ref), never
 * from input: the look-up runs before every authenticated request, and the query builder would cost more
 * than running it.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../db/schema'
import { inTransaction } from '../db/transaction'

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
export function liveSince(now: Date) {
  return {
    idleCutoff: new Date(now.getTime() - SESSION_IDLE_MS - SESSION_TOUCH_MS),
    absoluteCutoff: new Date(now.getTime() - SESSION_ABSOLUTE_MS),
  }
}

/** What every kind's session tells: which row it is, whose (a user's or a staff member's id), since when (ms). */
export interface SessionBase {
  sessionId: number
  holderId: number
  /** When the session was opened (ms since the epoch): its absolute lifetime runs from here. */
  createdAt: number
}

/**
 * A kind of principal. In the SQL fragments the session row is `s` and its holder's account row `a`.
 * S is what a live session becomes; R the columns `columns` selects.
 */
export interface Principal<S extends { createdAt: number }, R> {
  /** The table of the accounts, whose row is locked while a session of it opens. */
  accounts: 'users' | 'staff_members'
  /** The table of the sessions and its column naming the account. */
  sessions: 'sessions' | 'staff_sessions'
  holder: 'user_id' | 'staff_id'
  /** The channel its sessions and accounts notify (the migrations' triggers). */
  channel: string
  /**
   * A sign-in while the account has a live session: `refuse` it (the customer's rule, with its release link),
   * or `replace` the older session (the staff's: a newer sign-in wins).
   */
  whileLive: 'refuse' | 'replace'
  /** The live session's columns beyond its own (each named as R names it). */
  columns: RawBuilder<unknown>
  /** Tables joined to `s` and `a` for those columns, if any. */
  joins?: RawBuilder<unknown>
  /** What the account must be for its session to be live (activated, not deactivated...). */
  accountLive: RawBuilder<unknown>
  /** What a live session's row becomes. */
  toSession(base: SessionBase, row: R): S
  /** Whose a session is: the account id a notification names. */
  holderOf(session: S): number
}

type LiveRow<R> = R & {
  sessionId: number
  holderId: number
  created_at: Date | string
  last_seen_at: unknown
}

/** The session functions of one kind of principal. */
export function sessionStore<S extends { createdAt: number }, R>(kind: Principal<S, R>) {
  // The statements' identifiers and the kind's fragments, made once.
  const sessions = sql.table(kind.sessions)
  const accounts = sql.table(kind.accounts)
  const holder = sql.ref(kind.holder)
  const sessionHolder = sql.ref(`s.${kind.holder}`)
  const joins = kind.joins ?? sql``

  /** Whether the account has a live session, the one that refuses a customer's second login. */
  async function hasLive(db: Kysely<Database>, holderId: number, now: Date): Promise<boolean> {
    const { idleCutoff, absoluteCutoff } = liveSince(now)
    const { rows } = await sql`
      select id from ${sessions}
      where ${holder} = ${holderId} and ended_at is null and last_seen_at >= ${idleCutoff}
        and created_at >= ${absoluteCutoff}
      limit 1`.execute(db)
    return rows.length > 0
  }

  /**
   * Opens a session, one live session per account: the account's row is locked so that two simultaneous
   * sign-ins cannot both pass; then, by the kind's rule, a live session refuses this one (false) or is
   * ended. Sessions that have lapsed are closed on the way.
   */
  async function open(
    db: Kysely<Database>,
    holderId: number,
    tokenHash: string,
    now: Date,
  ): Promise<boolean> {
    return inTransaction(db, async (trx) => {
      await sql`select id from ${accounts} where id = ${holderId} for update`.execute(trx)
      if (kind.whileLive === 'refuse' && (await hasLive(trx, holderId, now))) return false
      await endAll(trx, holderId, now)
      await sql`
        insert into ${sessions} (${holder}, token_hash, created_at, last_seen_at)
        values (${holderId}, ${tokenHash}, ${now}, ${now})`.execute(trx)
      return true
    })
  }

  /**
   * Finds the live session of a token hash and, when its recorded last request is older than
   * SESSION_TOUCH_MS, slides its idle window to `now`, in one statement; undefined when there is none
   * (unknown, ended, idle too long, too old, or its account is no longer one that may have it).
   */
  async function touch(db: Kysely<Database>, tokenHash: string, now: Date): Promise<S | undefined> {
    const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS)
    const { rows } = await sql<LiveRow<R>>`
      with live as (${liveRows(sql`s.token_hash = ${tokenHash}`, now)}), touched as (
        update ${sessions} set last_seen_at = ${now}
        where id in (select "sessionId" from live where last_seen_at < ${staleBefore})
        returning id
      )
      select * from live`.execute(db)
    const row = rows[0]
    return row && sessionOf(row)
  }

  /**
   * The sessions of `sessionIds` that are still live (as touch finds them), by id, without sliding their idle
   * windows: an open event stream, which asks this, does not keep a session alive.
   */
  async function live(
    db: Kysely<Database>,
    sessionIds: readonly number[],
    now: Date,
  ): Promise<Map<number, S>> {
    const { rows } = await sql<
      LiveRow<R>
    >`${liveRows(sql`s.id = any(${sql.val(sessionIds)}::int[])`, now)}`.execute(db)
    return new Map(rows.map((row) => [Number(row.sessionId), sessionOf(row)]))
  }

  /** The live sessions `which` picks, with the kind's columns: the one select touch and live share. */
  function liveRows(which: RawBuilder<unknown>, now: Date): RawBuilder<unknown> {
    const { idleCutoff, absoluteCutoff } = liveSince(now)
    return sql`
      select s.id as "sessionId", ${sessionHolder} as "holderId", s.last_seen_at, s.created_at, ${kind.columns}
      from ${sessions} s
      join ${accounts} a on a.id = ${sessionHolder}
      ${joins}
      where ${which} and s.ended_at is null and s.last_seen_at >= ${idleCutoff}
        and s.created_at >= ${absoluteCutoff} and ${kind.accountLive}`
  }

  function sessionOf(row: LiveRow<R>): S {
    const { sessionId, holderId, created_at, last_seen_at: _seen, ...columns } = row
    return kind.toSession(
      { sessionId, holderId, createdAt: new Date(created_at).getTime() },
      columns as unknown as R,
    )
  }

  async function end(db: Kysely<Database>, sessionId: number, now: Date): Promise<void> {
    await sql`update ${sessions} set ended_at = ${now} where id = ${sessionId} and ended_at is null`.execute(
      db,
    )
  }

  /** Ends every session of the account still open (a new sign-in, a new password); how many it ended. */
  async function endAll(db: Kysely<Database>, holderId: number, now: Date): Promise<number> {
    const result = await sql`
      update ${sessions} set ended_at = ${now} where ${holder} = ${holderId} and ended_at is null`.execute(db)
    return Number(result.numAffectedRows ?? 0n)
  }

  return { kind, hasLive, open, touch, live, end, endAll }
}

export type SessionStore<S extends { createdAt: number }> = ReturnType<typeof sessionStore<S, never>>
