/**
 * Credit control on the finance desk (issue 36, docs/payments.md "Credit control"): the bookings waiting for
 * a credit release and the release (server/finance/credit*.ts). The operations as the document describes them
 * are in staff-credit-openapi.ts; the staff gate checks each one's roles. A release is announced to the
 * customer's open pages and the desks (server/events/hub.ts, the `booking` event).
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import type { EventHub } from '../events/hub'
import { listCreditHolds } from '../finance/credit'
import { releaseCreditHold } from '../finance/credit-release'
import type { Mailer } from '../mail/index'
import { createRouter, limitJsonBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { listCreditHoldsRoute, releaseCreditHoldRoute } from './staff-credit-openapi'

export interface StaffCreditDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  hub: EventHub
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

export function staffCreditRoutes(deps: StaffCreditDeps) {
  const { db, now, mailer, hub, staffSessions, clientIp } = deps
  const staff = requireStaff(staffSessions, now)
  return createRouter<StaffEnv>()
    .openapi({ ...listCreditHoldsRoute, middleware: [staff] as const }, async (c) =>
      c.json(await listCreditHolds(db, now()), 200),
    )
    .openapi({ ...releaseCreditHoldRoute, middleware: [staff, limitJsonBody()] as const }, async (c) => {
      const outcome = await releaseCreditHold(
        { db, mailer },
        c.req.valid('param').number,
        c.var.staff.staffId,
        staffAudit(c.var.staff, c.var.role, clientIp(c)),
        now(),
      )
      if (outcome.status !== 200) return c.json(outcome.body, outcome.status)
      hub.bookings.changedHere(outcome.changed)
      return c.json(outcome.body, 200)
    })
}
