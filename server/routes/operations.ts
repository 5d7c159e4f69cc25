/**
 * The operations API: the forwarder's operations team, carriers and other integrations, never customers. Every
 * request needs `X-API-Key`: a named integration key holding the operation's scope, or OPS_API_KEY, the
 * bootstrap key (server/keys/require-key.ts); anything else answers 401. A customer's bearer token is not a key.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  BOOKING_NUMBER,
  bookingMessages,
  type DocumentsResponse,
  documentMessages,
} from '../../contract/bookings'
import { documentRequestSchema, requestMessages, uploadableKinds } from '../../contract/documents'
import { keyMessages } from '../../contract/integration-keys'
import { applyEvents } from '../bookings/apply-events'
import { type BookingDeps, confirmBooking } from '../bookings/service'
import { requestDocument } from '../documents/requests'
import { keyAudit, type RequireKey } from '../keys/require-key'
import {
  createRouter,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opsKeySecurity as security,
} from '../openapi'
import { DocumentItemSchema } from '../schemas'
import { postEventsSchema } from '../tracking/dcsa-input'
import { flatEventSchema, v3EventSchema } from '../tracking/dcsa-schemas'

export const opsMessages = {
  unauthenticated: keyMessages.unauthenticated,
} as const

/** The refusals of a key request: no key in use (401), or a named key without the operation's scope (403). */
const keyRefusals = (scope: string) => ({
  401: errorResponse(`No key, or one unknown or revoked: \`${opsMessages.unauthenticated}\``),
  403: errorResponse(`A named key without the \`${scope}\` scope: \`This key lacks the ${scope} scope.\``),
})

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
    ...keyRefusals('events:write'),
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
    ...keyRefusals('bookings:confirm'),
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
    ...keyRefusals('documents:review'),
    404: errorResponse(`No such booking: \`${documentMessages.notFound}\``),
    409: errorResponse(`The booking is cancelled: \`${requestMessages.cancelled}\``),
    422: errorResponse(
      `A kind that is not uploaded (\`${requestMessages.badKind}\`), a bad date (\`${requestMessages.badDate}\`), a past one (\`${requestMessages.pastDate}\`) or a note over 500 characters`,
    ),
    ...errorResponses.serverError,
  },
})

export function operationsRoutes(deps: BookingDeps & { requireKey: RequireKey }) {
  /** The key the request was made with (a named key, or the bootstrap OPS_API_KEY), from the client's address. */
  const audit = keyAudit
  const router = createRouter()
  router.openAPIRegistry.registerComponent('securitySchemes', 'opsApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      'An integration key an admin made in the console (`esk_…`, with scopes), or OPS_API_KEY, the bootstrap key of a fresh install',
  })
  // The key first (a 401 or 403 before anything is read), then the body's bound.
  const bodyLimit = limitJsonBody(2 * 1024 * 1024)
  // The two event shapes the body's events are oneOf.
  router.openAPIRegistry.register('DcsaEventV2', flatEventSchema)
  router.openAPIRegistry.register('DcsaEventV3', v3EventSchema)

  return router
    .openapi(
      { ...eventsRoute, middleware: [deps.requireKey('postTrackingEvents'), bodyLimit] as const },
      async (c) => {
        const { events } = c.req.valid('json')
        const outcome = await applyEvents(deps, events, audit(c))
        if (outcome.status === 422) return c.json({ message: outcome.message, errors: outcome.errors }, 422)
        const { applied, skipped, ignored } = outcome
        return c.json({ applied, skipped, ...(Object.keys(ignored).length > 0 ? { ignored } : {}) }, 200)
      },
    )
    .openapi(
      { ...confirmRoute, middleware: [deps.requireKey('confirmBooking'), bodyLimit] as const },
      async (c) => {
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
      },
    )
    .openapi(
      { ...requestDocumentRoute, middleware: [deps.requireKey('requestDocument'), bodyLimit] as const },
      async (c) => {
        const { number, kind } = c.req.valid('param')
        const { dueDate, note } = c.req.valid('json')
        const outcome = await requestDocument(deps, { number, kind, dueDate, note }, audit(c))
        if (outcome.status === 422) return c.json({ message: outcome.message, errors: outcome.errors }, 422)
        if (outcome.status === 404) return c.json({ message: documentMessages.notFound }, 404)
        if (outcome.status === 409) return c.json({ message: outcome.message }, 409)
        return c.json({ documents: outcome.documents } satisfies DocumentsResponse, 200)
      },
    )
}
