import { type Kysely, sql } from 'kysely'
import type { StaffUser } from '../../contract/staff'
import { HeldSessions } from '../auth/live-sessions'
import { type Principal, sessionStore } from '../auth/principal'
import type { Database } from '../db/schema'

export interface StaffSession {
  sessionId: number
  staffId: number
  createdAt: number
  staff: StaffUser
}

/**
 * The staff's sessions (server/auth/principal.ts): a staff member's, live while they are active. One live
 * session per person, but unlike a customer's second login, which is refused while the first session lives
 * (the spec's rule, with its release link), a staff sign-in has just proved the password and the second
 * factor: it is the person, so their newer sign-in wins and the older tab meets the expired flow at its next
 * request.
 */
export const staff: Principal<StaffSession, Omit<StaffUser, 'id'>> = {
  accounts: 'staff_members',
  sessions: 'staff_sessions',
  holder: 'staff_id',
  /** Migration 0018. */
  channel: 'staff_sessions',
  whileLive: 'replace',
  columns: sql`a.email, a.name, a.roles`,
  accountLive: sql`a.deactivated_at is null`,
  toSession: ({ sessionId, holderId, createdAt }, { email, name, roles }) => ({
    sessionId,
    staffId: holderId,
    createdAt,
    staff: { id: holderId, email, name, roles },
  }),
  holderOf: (session) => session.staffId,
}

const staffSessions = sessionStore(staff)

/** The channel staff sessions and staff members notify. */
export const STAFF_SESSIONS_CHANNEL = staff.channel

export const {
  /** Opens a staff session and ends every other of the same person. */
  open: openStaffSession,
  /** The live staff session of a token hash, its idle window slid (undefined for none). */
  touch: touchStaffSession,
  /** Which of these staff sessions are still live, without sliding them (the event streams' recheck). */
  live: liveStaffSessions,
  end: endStaffSession,
  /** Ends every session of the staff member still open (deactivated, a new password). */
  endAll: endAllStaffSessions,
} = staffSessions

/** The staff sessions one process holds between requests (see HeldSessions). */
export class StaffSessions extends HeldSessions<StaffSession> {
  constructor(db: Kysely<Database>) {
    super(db, staffSessions)
  }
}
