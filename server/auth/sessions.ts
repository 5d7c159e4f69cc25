import { sql } from 'kysely'
import type { SessionUser } from '../../contract/wire'
import { type Principal, sessionStore } from './principal'

export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './principal'

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
 * The customers' sessions (server/auth/principal.ts): a user's, live while the user is an activated customer
 * not deactivated. One active session per user: a second login is refused while the first lives (the spec's
 * rule; the session release link is the way out).
 */
export const customers: Principal<LiveSession, SessionUser & { customerId: number }> = {
  accounts: 'users',
  sessions: 'sessions',
  holder: 'user_id',
  channel: 'sessions',
  whileLive: 'refuse',
  columns: sql`a.customer_id as "customerId", a.esus_name, a.esus_email_id, a.esus_company_name, a.esus_mcou,
    c.mcou_code, a.company_role`,
  joins: sql`join countries c on c.mcou_rid = a.esus_mcou`,
  accountLive: sql`a.user_type = 'Customer' and a.activated_at is not null and a.deactivated_at is null`,
  toSession: ({ sessionId, holderId, createdAt }, { customerId, ...user }) => ({
    sessionId,
    userId: holderId,
    customerId,
    createdAt,
    user,
  }),
  holderOf: (session) => session.userId,
}

export const customerSessions = sessionStore(customers)

export const {
  /** Whether the user has a live session, the one that makes a login answer `isLoggedIn: true`. */
  hasLive: hasLiveSession,
  /** Opens a session unless the user has a live one (then false). */
  open: openSession,
  /** The live session of a token hash, its idle window slid (undefined for none). */
  touch: touchSession,
  /** Which of these sessions are still live, without sliding them (the event streams' recheck). */
  live: liveSessions,
  end: endSession,
  /** Ends every session of the user still open (a new password, a release); how many it ended. */
  endAll: endAllSessions,
} = customerSessions
