/**
 * The operations desk's API (issue 23; docs/operations-desk.md): the queues, a booking with everything
 * operations hold, and what the desk does to it (confirm, milestones, retractions, hold, release, cancel,
 * documents), for staff with the Operations role (contract/permissions.ts). The work is server/operations-desk/;
 * each change is audited with the staff member and announced to the customer's open pages and the desks
 * (server/events/hub.ts, the `booking` event).
 */
import type { Context } from 'hono'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import type { BookingDeps } from '../bookings/service'
import type { EventHub } from '../events/hub'
import { createRouter, limitJsonBody } from '../openapi'
import {
  type DeskActor,
  type DeskOutcome,
  deskConfirm,
  deskMessages,
  deskMilestone,
  deskRetract,
  deskStatusAction,
} from '../operations-desk/actions'
import { opsBookingDetail } from '../operations-desk/booking'
import { listOpsQueue, QueueCounts } from '../operations-desk/queue'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import type { DocumentStorage } from '../storage/index'
import {
  cancelRoute,
  confirmRoute,
  eventsRoute,
  getRoute,
  holdRoute,
  listRoute,
  releaseRoute,
  retractRoute,
} from './staff-bookings-openapi'

export interface StaffBookingDeps extends BookingDeps {
  staffSessions: StaffSessions
  storage: DocumentStorage
  hub: EventHub
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

export function staffBookingRoutes(deps: StaffBookingDeps) {
  const { db, now, places, staffSessions, hub, clientIp } = deps
  const router = createRouter<StaffEnv>()
  const staff = requireStaff(staffSessions, now)
  const body = limitJsonBody(64 * 1024)
  const actor = (c: Context<StaffEnv>): DeskActor => ({
    audit: staffAudit(c.var.staff, c.var.role, clientIp(c)),
    postedBy: `staff:${c.var.staff.staff.name}`,
  })
  /** The outcome as the answer; a change is announced to the streams of this process first. */
  const answer = <T>(c: Context, outcome: DeskOutcome<T>) => {
    if (outcome.status === 200) hub.bookings.changedHere(outcome.changed)
    return c.json(outcome.body as never, outcome.status) as never
  }
  const missing = (c: Context) => c.json({ message: deskMessages.notFound } satisfies ErrorBody, 404)
  // Queue counts kept while every booking change is heard (server/operations-desk/queue.ts QueueCounts).
  const counts = new QueueCounts(() => hub.bookings.listening)
  hub.bookings.onChange.add(() => counts.forget())

  return router
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) =>
      c.json(await listOpsQueue(db, places, c.req.valid('query'), counts), 200),
    )
    .openapi({ ...getRoute, middleware: [staff] as const }, async (c) => {
      const detail = await opsBookingDetail(db, places, c.req.valid('param').number, now())
      return detail ? c.json(detail, 200) : missing(c)
    })
    .openapi({ ...confirmRoute, middleware: [staff, body] as const }, async (c) =>
      answer(c, await deskConfirm(deps, c.req.valid('param').number, c.req.valid('json'), actor(c))),
    )
    .openapi({ ...eventsRoute, middleware: [staff, body] as const }, async (c) =>
      answer(c, await deskMilestone(deps, c.req.valid('param').number, c.req.valid('json'), actor(c))),
    )
    .openapi({ ...retractRoute, middleware: [staff, body] as const }, async (c) => {
      const { number, eventId } = c.req.valid('param')
      return answer(c, await deskRetract(deps, number, eventId, c.req.valid('json').reason, actor(c)))
    })
    .openapi({ ...holdRoute, middleware: [staff, body] as const }, async (c) =>
      answer(
        c,
        await deskStatusAction(
          deps,
          c.req.valid('param').number,
          'hold',
          (c.req.valid('json') as unknown as { reason: string }).reason,
          actor(c),
        ),
      ),
    )
    .openapi({ ...releaseRoute, middleware: [staff, body] as const }, async (c) =>
      answer(c, await deskStatusAction(deps, c.req.valid('param').number, 'release', undefined, actor(c))),
    )
    .openapi({ ...cancelRoute, middleware: [staff, body] as const }, async (c) =>
      answer(
        c,
        await deskStatusAction(
          deps,
          c.req.valid('param').number,
          'cancel',
          (c.req.valid('json') as unknown as { reason: string }).reason,
          actor(c),
        ),
      ),
    )
}
