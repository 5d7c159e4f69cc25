/**
 * The operations API: the forwarder's operations team and carriers, never customers. Every request needs
 * `X-API-Key` equal to OPS_API_KEY (compared in constant time); without OPS_API_KEY set every request
 * answers 401. A customer's bearer token is not a key.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  BOOKING_NUMBER,
  bookingMessages,
  type DocumentsResponse,
  documentMessages,
  documentNames,
} from '../../contract/bookings'
import { singaporeDateOf } from '../../contract/dates'
import {
  documentRequestSchema,
  isUploadableKind,
  requestMessages,
  uploadableKinds,
} from '../../contract/documents'
import { appendAudit, changedFields, opsKeyAudit } from '../audit/audit'
import { applyEvents } from '../bookings/apply-events'
import { type BookingDeps, confirmBooking } from '../bookings/service'
import { bookingDocuments, upsertDocumentRequest } from '../documents/queries'
import { documentRequestedMail } from '../mail/templates'
import {
  createRouter,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opsKeySecurity as security,
} from '../openapi'
import { notificationAllowed } from '../profile/notification-settings'
import { DocumentItemSchema } from '../schemas'
import { postEventsSchema } from '../tracking/dcsa-input'
import { flatEventSchema, v3EventSchema } from '../tracking/dcsa-schemas'

export const opsMessages = {
  unauthenticated: 'A valid X-API-Key is required.',
} as const

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether `given` is the key, in time that does not depend on where they differ. */
export function keyMatches(given: string | undefined, key: string | undefined): boolean {
  if (!key || !given) return false
  return timingSafeEqual(digest(given), digest(key))
}

const unauthenticated = { 401: errorResponse(`No or a wrong X-API-Key: \`${opsMessages.unauthenticated}\``) }

const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time.' })
const ConfirmBody = z
  .object({
    etd: isoDateTime.optional(),
    eta: isoDateTime.optional(),
    vesselName: z.string().trim().min(1).max(100).optional(),
    vesselIMONumber: z
      .string()
      .regex(/^\d{7}$/, 'vesselIMONumber must be 7 digits.')
      .optional(),
    voyage: z.string().trim().min(1).max(50).optional(),
    flight: z.string().trim().min(2).max(10).optional(),
    transshipment: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2}[A-Z2-9]{3}|[A-Z]{3})$/, 'Must be a UN/LOCODE or IATA code.')
      .optional(),
  })
  .refine((b) => !b.etd || !b.eta || Date.parse(b.eta) > Date.parse(b.etd), {
    path: ['eta'],
    message: 'The ETA must be after the ETD.',
  })

const eventsRoute = createRoute({
  method: 'post',
  operationId: 'postTrackingEvents',
  path: '/ops/events',
  tags: ['Operations'],
  summary:
    'A batch of DCSA Track & Trace events (T&T 2.2 flat or 3.0 metadata/payload, mixed as sent), all or nothing; idempotent by eventID',
  description:
    "Each event in the shape DCSA defines: T&T 2.2/2.3 (`DcsaEventV2`: a TRANSPORT event's place in `transportCall`, an EQUIPMENT event's in `eventLocation` or else its transport call) or T&T 3.0 (`DcsaEventV3`: `metadata` and `payload`; `metadata.retractedEventID` withdraws a stored event). `documentReferences` / `relatedDocumentReferences` name the booking number (BKG) or the HBL (TRD). A stored eventID is skipped; an event the tracking keeps nothing of (a shipping instruction drafted, a container selected for a customs scan, …) is accepted and listed in `ignored` with the reason.",
  security,
  request: jsonBody(postEventsSchema),
  responses: {
    200: {
      description:
        'Applied: how many events were new (and retractions done), how many were stored already, and the ignored ones by `events.N` (only when there are any)',
      ...json(
        z.object({
          applied: z.int(),
          skipped: z.int(),
          ignored: z
            .record(z.string(), z.string())
            .optional()
            .openapi({ example: { 'events.2': 'SHIPMENT DRFT of a SHI document is not kept: …' } }),
        }),
      ),
    },
    ...unauthenticated,
    422: errorResponse(
      'A bad field (no place anywhere, an unknown code, no booking named), an unknown booking or place, or an event the booking cannot have: reasons by `events.N` (a field: `events.N.field`); nothing applied',
    ),
    ...errorResponses.serverError,
  },
})

const confirmRoute = createRoute({
  method: 'post',
  operationId: 'confirmBooking',
  path: '/ops/bookings/{number}/confirm',
  tags: ['Operations'],
  summary:
    'Confirms a booking: issues its HBL (HAWB for air), sets the route and planned times, mails the customer',
  security,
  request: {
    params: z.object({
      number: z
        .string()
        .regex(BOOKING_NUMBER, bookingMessages.notFound)
        .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' }),
    }),
    body: { required: false, ...json(ConfirmBody) },
  },
  responses: {
    200: {
      description: 'Confirmed',
      ...json(z.object({ bookingNumber: z.string(), hbl: z.string(), status: z.literal('Confirmed') })),
    },
    ...unauthenticated,
    404: errorResponse(`No such booking: \`${bookingMessages.notFound}\``),
    409: errorResponse('The booking is past Booking Received'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const requestDocumentRoute = createRoute({
  method: 'post',
  operationId: 'requestDocument',
  path: '/ops/bookings/{number}/documents/{kind}/request',
  tags: ['Operations'],
  summary:
    'Ask the customer for a document by a date (even after the departure): replaces an earlier request of the kind, mails the customer',
  description:
    'The item becomes required, due on `dueDate` (overdue after it) and uploadable until a file is uploaded after the request; a file rejected after it leaves it asked for. A cancelled booking is asked for nothing.',
  security,
  request: {
    params: z.object({
      number: z
        .string()
        .max(40)
        .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' }),
      kind: z
        .string()
        .max(40)
        .openapi({
          param: { name: 'kind', in: 'path' },
          description: uploadableKinds.join(', '),
          example: 'commercial_invoice',
        }),
    }),
    ...jsonBody(
      documentRequestSchema().openapi({
        example: { dueDate: '2026-12-03', note: 'The signed copy, please.' },
      }),
    ),
  },
  responses: {
    200: {
      description: "The booking's document checklist with the item asked for",
      ...json(z.object({ documents: z.array(DocumentItemSchema) })),
    },
    ...unauthenticated,
    404: errorResponse(`No such booking: \`${documentMessages.notFound}\``),
    409: errorResponse(`The booking is cancelled: \`${requestMessages.cancelled}\``),
    422: errorResponse(
      `A kind that is not uploaded (\`${requestMessages.badKind}\`), a bad date (\`${requestMessages.badDate}\`), a past one (\`${requestMessages.pastDate}\`) or a note over 500 characters`,
    ),
    ...errorResponses.serverError,
  },
})

export function operationsRoutes(
  deps: BookingDeps & { opsApiKey: string | undefined; clientIp: (c: Context) => string },
) {
  /** Every operations request is made with OPS_API_KEY: recorded as that key, from the client's address. */
  const audit = (c: Context) => opsKeyAudit(deps.clientIp(c))
  const router = createRouter()
  router.openAPIRegistry.registerComponent('securitySchemes', 'opsApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'OPS_API_KEY: the operations team and carrier feeds only',
  })
  const requireKey = createMiddleware(async (c, next) => {
    if (!keyMatches(c.req.header('X-API-Key'), deps.opsApiKey)) {
      return c.json({ message: opsMessages.unauthenticated }, 401)
    }
    c.header('Cache-Control', 'no-store')
    await next()
  })
  router.use('/ops/*', requireKey, limitJsonBody(2 * 1024 * 1024))
  // The two event shapes the body's events are oneOf.
  router.openAPIRegistry.register('DcsaEventV2', flatEventSchema)
  router.openAPIRegistry.register('DcsaEventV3', v3EventSchema)

  return router
    .openapi(eventsRoute, async (c) => {
      const { events } = c.req.valid('json')
      const outcome = await applyEvents(deps, events, audit(c))
      if (outcome.status === 422) return c.json({ message: outcome.message, errors: outcome.errors }, 422)
      const { applied, skipped, ignored } = outcome
      return c.json({ applied, skipped, ...(Object.keys(ignored).length > 0 ? { ignored } : {}) }, 200)
    })
    .openapi(confirmRoute, async (c) => {
      const { number } = c.req.valid('param')
      const text = await c.req.text()
      let body: unknown = {}
      try {
        body = text.trim() ? JSON.parse(text) : {}
      } catch {
        return c.json({ message: 'The body is not JSON.' }, 422)
      }
      const parsed = ConfirmBody.safeParse(body)
      if (!parsed.success) {
        const errors: Record<string, string[]> = {}
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.') || 'body'
          errors[key] = [...(errors[key] ?? []), issue.message]
        }
        return c.json({ message: parsed.error.issues[0]?.message ?? 'Invalid.', errors }, 422)
      }
      if (parsed.data.transshipment && !(await deps.places.get(parsed.data.transshipment))) {
        const message = `Unknown location ${parsed.data.transshipment}.`
        return c.json({ message, errors: { transshipment: [message] } }, 422)
      }
      const outcome = await confirmBooking(deps, number, parsed.data, audit(c))
      if (outcome.status === 404) return c.json({ message: bookingMessages.notFound }, 404)
      if (outcome.status === 409) return c.json({ message: outcome.message }, 409)
      return c.json({ bookingNumber: number, hbl: outcome.hbl, status: 'Confirmed' as const }, 200)
    })
    .openapi(requestDocumentRoute, async (c) => {
      const { number, kind } = c.req.valid('param')
      const { dueDate, note } = c.req.valid('json')
      if (!isUploadableKind(kind)) {
        return c.json({ message: requestMessages.badKind, errors: { kind: [requestMessages.badKind] } }, 422)
      }
      const at = deps.now()
      if (dueDate < singaporeDateOf(at)) {
        return c.json(
          { message: requestMessages.pastDate, errors: { dueDate: [requestMessages.pastDate] } },
          422,
        )
      }
      if (!BOOKING_NUMBER.test(number)) return c.json({ message: documentMessages.notFound }, 404)
      const outcome = await deps.db.transaction().execute(async (trx) => {
        // Locked, so a cancellation cannot slip in between the check and the request.
        const booking = await trx
          .selectFrom('bookings')
          .selectAll()
          .where('number', '=', number)
          .forUpdate()
          .executeTakeFirst()
        if (!booking) return { status: 404 as const }
        if (booking.status === 'Cancelled') return { status: 409 as const }
        const previous = await trx
          .selectFrom('document_requests')
          .select(['due_date', 'note'])
          .where('booking_id', '=', booking.id)
          .where('kind', '=', kind)
          .executeTakeFirst()
        await upsertDocumentRequest(trx, { bookingId: booking.id, kind, dueDate, note: note || null, at })
        await appendAudit(
          trx,
          {
            ...audit(c),
            action: 'document.requested',
            recordType: 'booking',
            recordId: booking.number,
            customerId: booking.customer_id,
            changes: changedFields(
              previous ? { kind, dueDate: previous.due_date, note: previous.note } : null,
              { kind, dueDate, note: note || null },
              ['kind', 'dueDate', 'note'],
            ),
          },
          at,
        )
        const user = await trx
          .selectFrom('users')
          .select(['esus_email_id as email', 'esus_name as name'])
          .where('id', '=', booking.user_id)
          .executeTakeFirst()
        if (user && (await notificationAllowed(trx, booking.user_id, 'documents'))) {
          await deps.mailer.queue(
            trx,
            documentRequestedMail({
              to: user.email,
              name: user.name,
              bookingNumber: booking.number,
              document: documentNames[kind],
              dueDate,
              note: note || null,
              bookingLink: `${deps.mailer.appUrl}/user/bookings/${booking.number}`,
            }),
            at,
          )
        }
        return { status: 200 as const, booking }
      })
      if (outcome.status === 404) return c.json({ message: documentMessages.notFound }, 404)
      if (outcome.status === 409) return c.json({ message: requestMessages.cancelled }, 409)
      const { documents } = await bookingDocuments(deps.db, outcome.booking, deps.now())
      return c.json({ documents } satisfies DocumentsResponse, 200)
    })
}
