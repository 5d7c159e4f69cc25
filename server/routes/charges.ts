/**
 * The customer's side of a booking's charges (issue 35, docs/invoices.md): a booking's charges, the company's
 * change requests waiting for an answer, the answer (Admins and Members: contract/team.ts), and a charge's
 * attachment. Another company's booking or charge answers 404.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { BOOKING_NUMBER } from '../../contract/bookings'
import { chargeIdSchema, chargeMessages } from '../../contract/finance/charges'
import type { ErrorBody } from '../../contract/wire'
import { customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import type { EventHub } from '../events/hub'
import { bookingCharges, findCharge, pendingCharges } from '../finance/charges-queries'
import { type ChargeOutcome, decideCharge } from '../finance/charges-requests'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { createRouter, limitJsonBody } from '../openapi'
import type { DocumentStorage } from '../storage/index'
import {
  decideChargeRoute,
  downloadChargeAttachmentRoute,
  listBookingChargesRoute,
  listPendingChargesRoute,
} from './charges-openapi'
import { contentDisposition } from './documents'

export interface ChargeRouteDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  places: PlaceIndex
  storage: DocumentStorage
  hub: EventHub
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

const notFound = (c: Context) => c.json({ message: chargeMessages.notFound } satisfies ErrorBody, 404)

/** A charge id from the path, or undefined when it cannot be one. */
export const chargeIdOf = (raw: string) => {
  const parsed = chargeIdSchema.safeParse(raw)
  return parsed.success && /^\d+$/.test(raw) ? parsed.data : undefined
}

/** An outcome of server/finance/charges-requests.ts as the answer; a change is announced here first. */
export function chargeAnswer(c: Context, hub: EventHub, outcome: ChargeOutcome) {
  if ('body' in outcome) {
    hub.bookings.changedHere([outcome.changed])
    return c.json(outcome.body, outcome.status)
  }
  if (outcome.status === 422) return c.json({ message: outcome.message, errors: outcome.errors }, 422)
  return c.json({ message: outcome.message } satisfies ErrorBody, outcome.status)
}

/** Sends a stored attachment as a download (the documents' headers), or 404 when it is gone. */
export async function sendAttachment(
  c: Context,
  storage: DocumentStorage,
  row:
    | {
        attachment_key: string | null
        attachment_name: string | null
        attachment_size: number | null
        attachment_type: string | null
      }
    | undefined,
) {
  const stream = row?.attachment_key ? await storage.get(row.attachment_key) : undefined
  if (!row || !stream) return notFound(c)
  c.header('Content-Type', row.attachment_type ?? 'application/octet-stream')
  c.header('Content-Disposition', contentDisposition(row.attachment_name ?? 'attachment'))
  if (row.attachment_size !== null) c.header('Content-Length', String(row.attachment_size))
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Cache-Control', 'private, no-store')
  return c.body(stream, 200)
}

export function chargeRoutes(deps: ChargeRouteDeps & { sessions: LiveSessions }) {
  const { db, now, places, storage, hub, sessions, clientIp } = deps
  const session = requireSession(sessions, now)
  const body = limitJsonBody(16 * 1024)

  return createRouter<SessionEnv>()
    .openapi({ ...listBookingChargesRoute, middleware: [session] as const }, async (c) => {
      const { number } = c.req.valid('param')
      const { customerId } = c.var.session
      const booking = BOOKING_NUMBER.test(number)
        ? await db
            .selectFrom('bookings')
            .select('id')
            .where('number', '=', number)
            .where('customer_id', '=', customerId)
            .executeTakeFirst()
        : undefined
      if (!booking) return notFound(c)
      return c.json(await bookingCharges(db, number, 'customer', customerId), 200)
    })
    .openapi({ ...listPendingChargesRoute, middleware: [session] as const }, async (c) =>
      c.json(await pendingCharges(db, places, c.var.session.customerId), 200),
    )
    .openapi({ ...decideChargeRoute, middleware: [session, body] as const }, async (c) => {
      const id = chargeIdOf(c.req.valid('param').id)
      if (id === undefined) return notFound(c)
      const decision = c.req.valid('json')
      const { session: who } = c.var
      const outcome = await decideCharge(
        deps,
        id,
        decision.decision === 'approve'
          ? { type: 'customer.approve' }
          : { type: 'customer.decline', reason: decision.reason },
        { userId: who.userId, customerId: who.customerId },
        customerAudit(who, clientIp(c)),
        now(),
        decision.reason,
      )
      return chargeAnswer(c, hub, outcome) as never
    })
    .openapi({ ...downloadChargeAttachmentRoute, middleware: [session] as const }, async (c) => {
      const id = chargeIdOf(c.req.valid('param').id)
      const row = id === undefined ? undefined : await findCharge(db, id, c.var.session.customerId)
      return (await sendAttachment(c, storage, row)) as never
    })
}
