/**
 * My Team's API (docs/teams.md "My Team and invitations"): the company's members, open invitations and (for
 * Admins) requests to join; inviting, resending and revoking invitations; changing roles, deactivating and
 * reactivating members; approving and declining requests to join. Behind the customer's session, whose gate
 * checks the role each operation needs (contract/team.ts customerPermissions); every id is the company's own
 * (another company's answers 404). Every change appends its audit row in its transaction.
 */
import type { Context, Input } from 'hono'
import type { Kysely } from 'kysely'
import { teamMessages } from '../../contract/team'
import { INT32_MAX } from '../../contract/text'
import { customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { checkLimits, retryLater } from '../auth/rate-limit'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { createRouter, limitJsonBody } from '../openapi'
import { invite, resendInvitation, revokeInvitation, teamLimits } from '../team/invitations'
import { approveJoin, declineJoin } from '../team/join-requests'
import { changeRole, deactivateMember, reactivateMember, teamView } from '../team/members'
import {
  approveRoute,
  deactivateRoute,
  declineRoute,
  getTeamRoute,
  inviteRoute,
  reactivateRoute,
  resendRoute,
  revokeRoute,
  roleRoute,
} from './team-openapi'

export interface TeamRouteDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

/** What a decision on one record answers (server/team/: members, invitations, join requests). */
type Decision = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string }

// ---- The handlers ----------------------------------------------------------------------------------------

export function teamRoutes({ db, now, mailer, sessions, clientIp }: TeamRouteDeps) {
  const router = createRouter<SessionEnv>()
  // '/team/*' also matches '/team' itself.
  router.use('/team/*', requireSession(sessions, now), limitJsonBody())

  /** Who acts, for the services and the audit trail. */
  const who = (c: Context<SessionEnv>) => ({
    ...customerAudit(c.var.session, clientIp(c)),
    customerId: c.var.session.customerId,
    userId: c.var.session.userId,
  })
  /** A path id past the integer column's range is no record (not a database error). */
  const idOf = (c: { req: { valid: (target: 'param') => { id: string } } }) => {
    const id = Number(c.req.valid('param').id)
    return id <= INT32_MAX ? id : null
  }
  const missing = { message: teamMessages.notFound }
  /** Drops what this process holds of the user's sessions: a changed role or a deactivation counts at once. */
  const forget = (id: number) => sessions.forgetUser(id)
  /**
   * One decision on a record of the company named by the path's id, in a transaction: its message (200), or its
   * refusal (404 for an id of another company or none, 409 when its state does not allow it).
   */
  const decide = async <P extends string, I extends Input>(
    c: Context<SessionEnv, P, I>,
    change: (trx: Kysely<Database>, id: number, at: Date) => Promise<Decision>,
    done?: (id: number) => void,
  ) => {
    const id = Number(c.req.param('id'))
    if (!(id > 0 && id <= INT32_MAX)) return c.json(missing, 404)
    const at = now()
    const outcome = await db.transaction().execute((trx) => change(trx, id, at))
    if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
    done?.(id)
    return c.json({ message: outcome.message }, 200)
  }
  const inviteLimit = async (c: Context<SessionEnv>, at: Date) => {
    const wait = await checkLimits(db, [teamLimits.invitations(c.var.session.customerId)], at)
    return wait === undefined ? undefined : retryLater(c, wait)
  }

  return router
    .openapi(getTeamRoute, async (c) => {
      const { userId, customerId, user } = c.var.session
      return c.json(await teamView(db, { userId, customerId, role: user.company_role }, now()), 200)
    })
    .openapi(inviteRoute, async (c) => {
      const at = now()
      const limited = await inviteLimit(c, at)
      if (limited) return c.json(limited, 429)
      const input = c.req.valid('json')
      const outcome = await db.transaction().execute((trx) => invite(trx, mailer, who(c), input, at))
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status as 409)
      return c.json({ message: outcome.message, invitation: outcome.invitation }, 201)
    })
    .openapi(resendRoute, async (c) => {
      const id = idOf(c)
      if (id === null) return c.json(missing, 404)
      const at = now()
      const limited = await inviteLimit(c, at)
      if (limited) return c.json(limited, 429)
      const outcome = await db.transaction().execute((trx) => resendInvitation(trx, mailer, who(c), id, at))
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
      return c.json({ message: outcome.message, invitation: outcome.invitation }, 200)
    })
    .openapi(revokeRoute, (c) => decide(c, (trx, id, at) => revokeInvitation(trx, who(c), id, at)))
    .openapi(roleRoute, (c) => {
      const { role } = c.req.valid('json')
      // This process's held sessions of the user read the new role at once (the others on the users notice).
      return decide(c, (trx, id, at) => changeRole(trx, who(c), id, role, at), forget)
    })
    .openapi(deactivateRoute, (c) =>
      decide(c, (trx, id, at) => deactivateMember(trx, who(c), id, at), forget),
    )
    .openapi(reactivateRoute, (c) => decide(c, (trx, id, at) => reactivateMember(trx, who(c), id, at)))
    .openapi(approveRoute, (c) => {
      const { role } = c.req.valid('json')
      return decide(c, (trx, id, at) => approveJoin(trx, mailer, who(c), id, role, at))
    })
    .openapi(declineRoute, (c) => decide(c, (trx, id, at) => declineJoin(trx, mailer, who(c), id, at)))
}
