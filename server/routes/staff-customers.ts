/**
 * The customer directory's API (issue 23, docs/staff.md "The customer directory"): the companies, one company
 * as its users see it, and the actions on a customer's user. Each operation's roles are in
 * contract/permissions.ts, checked by the staff gate; every change appends its audit row in its transaction.
 * The operations as the document describes them are in staff-customers-openapi.ts.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { customerDirectoryMessages as said } from '../../contract/customer-directory'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { appendAudit, changedFields, staffAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { customerDetail, type DirectoryDeps, listCustomers } from '../customers/directory'
import {
  deactivateCustomerUser,
  reactivateCustomerUser,
  resendCustomerActivation,
  type UserChange,
} from '../customers/users'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { createRouter } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { deactivateRoute, getRoute, listRoute, reactivateRoute, resendRoute } from './staff-customers-openapi'

export interface StaffCustomerDeps extends DirectoryDeps {
  db: Kysely<Database>
  mailer: Mailer
  staffSessions: StaffSessions
  /** The customers' held sessions: a deactivated user's are dropped in this process at once. */
  sessions: LiveSessions
  clientIp: (c: Context) => string
}

export function staffCustomerRoutes(deps: StaffCustomerDeps) {
  const { db, now, mailer, staffSessions, sessions, clientIp } = deps
  const idOf = (raw: string) => {
    const id = Number(raw)
    return id <= INT32_MAX ? id : undefined
  }
  const userMissing = { message: said.userNotFound } satisfies ErrorBody
  const staff = requireStaff(staffSessions, now)

  /** Runs a change of a user with its audit row (only when something changed) in one transaction. */
  async function changeUser(
    c: Context<StaffEnv>,
    id: number,
    action: string,
    change: (trx: Kysely<Database>, at: Date) => Promise<UserChange>,
  ): Promise<UserChange> {
    const at = now()
    return db.transaction().execute(async (trx) => {
      const outcome = await change(trx, at)
      const changes = outcome.ok
        ? changedFields(outcome.before, outcome.after, ['active', 'deactivatedAt'])
        : null
      if (outcome.ok && changes) {
        await appendAudit(
          trx,
          {
            ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
            action,
            recordType: 'user',
            recordId: id,
            customerId: outcome.customerId,
            changes,
          },
          at,
        )
      }
      return outcome
    })
  }

  return createRouter<StaffEnv>()
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) =>
      c.json(await listCustomers(db, c.req.valid('query')), 200),
    )
    .openapi({ ...getRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      const reader = { kind: 'staff' as const, staffId: c.var.staff.staffId }
      const detail = id === undefined ? undefined : await customerDetail(deps, id, reader)
      if (!detail) return c.json({ message: said.notFound } satisfies ErrorBody, 404)
      return c.json(detail, 200)
    })
    .openapi({ ...resendRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      if (id === undefined) return c.json(userMissing, 404)
      const at = now()
      const outcome = await db.transaction().execute(async (trx) => {
        const sent = await resendCustomerActivation(trx, mailer, id, at)
        if (sent.ok) {
          // Nothing of the user changes but their links: the fact is recorded (never the token).
          await appendAudit(
            trx,
            {
              ...staffAudit(c.var.staff, c.var.role, clientIp(c)),
              action: 'customer_user.activation_sent',
              recordType: 'user',
              recordId: id,
              customerId: sent.customerId,
              changes: null,
            },
            at,
          )
        }
        return sent
      })
      if (outcome.ok) return c.json({ message: said.activationSent, user: outcome.user }, 200)
      if (outcome.reason === 'notFound') return c.json(userMissing, 404)
      const message =
        outcome.reason === 'activated'
          ? said.alreadyActivated
          : outcome.reason === 'joinPending'
            ? said.joinPending
            : said.reactivateFirst
      return c.json({ message } satisfies ErrorBody, 409)
    })
    .openapi(
      {
        ...deactivateRoute,
        middleware: [staff] as const,
      },
      async (c) => {
        const id = idOf(c.req.valid('param').id)
        if (id === undefined) return c.json(userMissing, 404)
        const staffId = c.var.staff.staffId
        const outcome = await changeUser(c, id, 'customer_user.deactivated', (trx, at) =>
          deactivateCustomerUser(trx, id, staffId, at),
        )
        if (!outcome.ok) return c.json(userMissing, 404)
        // This process drops the user's held sessions now; the others on the users trigger's notice.
        sessions.forgetUser(id)
        return c.json({ message: said.deactivated, user: outcome.after }, 200)
      },
    )
    .openapi(
      {
        ...reactivateRoute,
        middleware: [staff] as const,
      },
      async (c) => {
        const id = idOf(c.req.valid('param').id)
        if (id === undefined) return c.json(userMissing, 404)
        const outcome = await changeUser(c, id, 'customer_user.reactivated', (trx) =>
          reactivateCustomerUser(trx, id),
        )
        if (!outcome.ok) return c.json(userMissing, 404)
        return c.json({ message: said.reactivated, user: outcome.after }, 200)
      },
    )
}
