/**
 * The operations desk's API (issue 23; docs/operations-desk.md): the queues, a booking with everything
 * operations hold, and what the desk does to it (confirm, milestones, retractions, hold, release, cancel,
 * documents), for staff with the Operations role (contract/permissions.ts). The work is server/operations-desk/;
 * each change is audited with the staff member and announced to the customer's open pages and the desks
 * (server/events/hub.ts, the `booking` event).
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  type BookingDetail,
  bookingStatuses,
  type DocumentsResponse,
  documentMessages,
  eventClassifiers,
} from '../../contract/bookings'
import {
  documentRequestSchema,
  requestMessages,
  reviewSchema,
  uploadableKinds,
} from '../../contract/documents'
import {
  cancelSchema,
  type DeskEvent,
  deskConfirmSchema,
  deskMilestoneSchema,
  holdSchema,
  type OpsBookingDetail,
  type OpsPlace,
  type OpsQueueItem,
  type OpsQueueResponse,
  opsQueueQuerySchema,
  opsQueues,
  retractSchema,
} from '../../contract/operations-desk'
import { modes } from '../../contract/pricing/types'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import type { BookingDeps } from '../bookings/service'
import type { Database } from '../db/schema'
import { houseBillOf } from '../documents/house-bill-data'
import { requestDocument } from '../documents/requests'
import { reviewDocument } from '../documents/review'
import type { EventHub } from '../events/hub'
import {
  createRouter,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opaque,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
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
import { DocumentFileSchema, DocumentItemSchema } from '../schemas'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import type { DocumentStorage } from '../storage/index'
import { contentDisposition } from './documents'

export interface StaffBookingDeps extends BookingDeps {
  staffSessions: StaffSessions
  storage: DocumentStorage
  hub: EventHub
  /** The client's address, for the audit trail. */
  clientIp: (c: Context) => string
}

const staffSecurity = [{ staffBearer: [] }]
const tags = ['Operations desk']
const forbidden = {
  403: error('The signed-in staff member has no Operations role: `This needs the Operations role.`'),
}
const notFound = { 404: error(`No such booking: \`${deskMessages.notFound}\``) }
const refused = (what: string) => ({ 409: error(what) })

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const OpsPlaceSchema = documents<OpsPlace>()(
  z.object({ code: z.string(), name: z.string(), time_zone: z.string().nullable() }).openapi('OpsPlace'),
)

const QueueItemSchema = documents<OpsQueueItem>()(
  z
    .object({
      number: z.string().openapi({ example: 'ESB-2026000042' }),
      hbl: z.string().nullable(),
      mode: z.enum(modes),
      status: z.enum(bookingStatuses),
      heldFrom: z.enum(bookingStatuses).nullable(),
      statusReason: z.string().nullable(),
      company: z.string(),
      origin: OpsPlaceSchema,
      destination: OpsPlaceSchema,
      carrier: z.string(),
      carrierBookingRef: z.string().nullable(),
      containers: z.array(z.string()),
      etd: z.string().nullable(),
      eta: z.string().nullable(),
      originalEta: z.string().nullable().openapi({ description: 'The ETA at confirmation' }),
      since: z.string().openapi({
        description:
          'When the booking entered this queue (booked, first unreviewed upload, ETA moved, held): its age counts from it',
      }),
      documentsToReview: z.int(),
    })
    .openapi('OpsQueueItem'),
)

const counts = z.object(
  Object.fromEntries(opsQueues.map((q) => [q, z.int()])) as Record<(typeof opsQueues)[number], z.ZodInt>,
)

const QueueSchema = documents<OpsQueueResponse>()(
  z
    .object({
      items: z.array(QueueItemSchema).openapi({ description: 'Oldest first' }),
      counts: counts.openapi({ description: 'Each queue, with the filters but without the search' }),
      next: z.string().nullable().openapi({ description: 'The cursor of the next page (`after`), or null' }),
    })
    .openapi('OpsQueue'),
)

const DeskEventSchema = documents<DeskEvent>()(
  z
    .object({
      eventID: z.string(),
      eventType: z.enum(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT']),
      code: z.string(),
      classifier: z.enum(eventClassifiers),
      eventDateTime: z.string(),
      location: OpsPlaceSchema,
      vesselName: z.string().nullable(),
      voyage: z.string().nullable(),
      flight: z.string().nullable(),
      container: z.string().nullable(),
      reason: z.string().nullable(),
      postedBy: z.string().nullable().openapi({
        description:
          "A staff member's name, an integration key's name with ` (integration key)`, `Operations API (OPS_API_KEY)`, or null (the server)",
      }),
    })
    .openapi('DeskEvent'),
)

const DetailSchema = documents<OpsBookingDetail>()(
  z
    .object({
      booking: opaque<BookingDetail>("The customer's BookingDetail, as getBooking answers it"),
      company: z.object({ id: z.int(), name: z.string() }),
      bookedBy: z.object({ name: z.string(), email: z.string() }),
      carrierBookingRef: z.string().nullable(),
      containers: z.array(z.string()),
      cutoffs: z.object({
        cargo: z.string().nullable(),
        documents: z.string().nullable(),
        vgm: z.string().nullable(),
      }),
      originalEta: z.string().nullable(),
      events: z.array(DeskEventSchema).openapi({ description: 'Every stored event, newest first' }),
      containersBooked: z.int().nullable(),
    })
    .openapi('OpsBookingDetail'),
)

const numberParam = z
  .string()
  .max(40)
  .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' })
const NumberParams = z.object({ number: numberParam })

const binary = z.string().openapi({ type: 'string', format: 'binary' })

// ---- Routes --------------------------------------------------------------------------------------------

const listRoute = createRoute({
  method: 'get',
  operationId: 'listOpsBookings',
  path: '/staff/bookings',
  tags,
  summary:
    'A queue of the operations desk, oldest first (waiting for confirmation, documents to review, ETA moved, on hold), filtered and searched, with every queue’s count',
  security: staffSecurity,
  request: { query: opsQueueQuerySchema },
  responses: {
    200: { description: 'A page of the queue', ...json(QueueSchema) },
    ...unauthenticated,
    ...forbidden,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const getRoute = createRoute({
  method: 'get',
  operationId: 'getOpsBooking',
  path: '/staff/bookings/{number}',
  tags,
  summary:
    'A booking as the desk shows it: the customer’s booking detail, the company, the carrier’s reference, containers, cut-offs and every event with who posted it',
  security: staffSecurity,
  request: { params: NumberParams },
  responses: {
    200: { description: 'The booking', ...json(DetailSchema) },
    ...unauthenticated,
    ...forbidden,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const confirmRoute = createRoute({
  method: 'post',
  operationId: 'confirmOpsBooking',
  path: '/staff/bookings/{number}/confirm',
  tags,
  summary:
    'Confirm with the carrier’s booking: local times read in the places’ zones, containers (FCL) checked; issues the HBL/HAWB and mails the customer',
  security: staffSecurity,
  request: { params: NumberParams, ...jsonBody(deskConfirmSchema) },
  responses: {
    200: {
      description: 'Confirmed',
      ...json(z.object({ bookingNumber: z.string(), hbl: z.string(), status: z.literal('Confirmed') })),
    },
    ...unauthenticated,
    ...forbidden,
    ...notFound,
    ...refused('The booking chart refuses: `Booking ESB-… is Confirmed: it cannot be confirmed.`'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const eventsRoute = createRoute({
  method: 'post',
  operationId: 'postOpsMilestone',
  path: '/staff/bookings/{number}/events',
  tags,
  summary:
    'Post a milestone by form: made a DCSA event (its time read in the place’s zone) and applied as postTrackingEvents applies the feed’s; a repeated eventID is stored once',
  security: staffSecurity,
  request: { params: NumberParams, ...jsonBody(deskMilestoneSchema) },
  responses: {
    200: {
      description: 'Applied (1), or already stored (`skipped: 1`)',
      ...json(z.object({ applied: z.int(), skipped: z.int() })),
    },
    ...unauthenticated,
    ...forbidden,
    ...notFound,
    422: error(
      'A bad field, an unknown place, or an event the booking cannot have: the reasons under the form’s fields',
    ),
    ...errorResponses.serverError,
  },
})

const retractRoute = createRoute({
  method: 'post',
  operationId: 'retractOpsEvent',
  path: '/staff/bookings/{number}/events/{eventId}/retract',
  tags,
  summary:
    'Retract a wrong event: it leaves the customer’s timeline and tracking; the reason stays in the audit trail',
  security: staffSecurity,
  request: {
    params: z.object({
      number: numberParam,
      eventId: z
        .string()
        .max(100)
        .openapi({ param: { name: 'eventId', in: 'path' }, description: 'The eventID' }),
    }),
    ...jsonBody(retractSchema),
  },
  responses: {
    200: { description: 'Retracted', ...json(z.object({ retracted: z.string() })) },
    ...unauthenticated,
    ...forbidden,
    404: error(`No such booking, or no such event of it: \`${deskMessages.eventNotFound}\``),
    ...refused(
      'The event may have moved the booking’s status, which has no way back: post a corrected event instead',
    ),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const StatusAnswer = z.object({ status: z.enum(bookingStatuses), statusReason: z.string().nullable() })

const statusRoute = (
  operationId: 'holdOpsBooking' | 'releaseOpsBooking' | 'cancelOpsBooking',
  verb: 'hold' | 'release' | 'cancel',
  summary: string,
) =>
  createRoute({
    method: 'post',
    operationId,
    path: `/staff/bookings/{number}/${verb}`,
    tags,
    summary,
    security: staffSecurity,
    request: {
      params: NumberParams,
      ...(verb === 'release'
        ? { body: { required: false, ...json(z.object({})) } }
        : jsonBody(verb === 'hold' ? holdSchema : cancelSchema)),
    },
    responses: {
      200: { description: 'The booking’s status and reason now', ...json(StatusAnswer) },
      ...unauthenticated,
      ...forbidden,
      ...notFound,
      ...refused('The booking chart refuses: `Booking ESB-… is Delivered: it cannot be …`'),
      ...errorResponses.validationError,
      ...errorResponses.serverError,
    },
  })

const holdRoute = statusRoute(
  'holdOpsBooking',
  'hold',
  'Put a booking on hold with the reason (the customer is mailed and reads it on their booking)',
)
const releaseRoute = statusRoute(
  'releaseOpsBooking',
  'release',
  'Release a hold: back to the status it was held from (the customer is mailed)',
)
const cancelRoute = statusRoute(
  'cancelOpsBooking',
  'cancel',
  'Cancel a booking until its departure, with the reason (the customer is mailed and reads it)',
)

const fileParams = z.object({
  number: numberParam,
  id: z
    .string()
    .max(40)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'A file id, or `hbl`' }),
})

const previewRoute = createRoute({
  method: 'get',
  operationId: 'previewOpsDocument',
  path: '/staff/bookings/{number}/documents/{id}',
  tags,
  summary:
    'A file of the booking for the preview: PDF and images inline, anything else as an attachment, sandboxed',
  security: staffSecurity,
  request: { params: fileParams },
  responses: {
    200: {
      description:
        'The file with its stored Content-Type, `Content-Disposition: inline` (PDF, JPEG, PNG) or `attachment`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`',
      content: {
        'application/pdf': { schema: binary },
        'image/jpeg': { schema: binary },
        'image/png': { schema: binary },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: binary },
        'application/octet-stream': { schema: binary },
      },
    },
    ...unauthenticated,
    ...forbidden,
    404: error(`No such booking or file: \`${documentMessages.notFound}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const reviewRoute = createRoute({
  method: 'post',
  operationId: 'reviewOpsDocument',
  path: '/staff/bookings/{number}/documents/{id}/review',
  tags,
  summary: 'Accept or reject an uploaded file (a rejection needs its reason, and mails the uploader once)',
  security: staffSecurity,
  request: { params: fileParams, ...jsonBody(reviewSchema) },
  responses: {
    200: {
      description: 'The file as reviewed',
      ...json(z.object({ document: DocumentFileSchema, bookingNumber: z.string(), kind: z.string() })),
    },
    ...unauthenticated,
    ...forbidden,
    404: error(`No such booking or file: \`${documentMessages.notFound}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const requestRoute = createRoute({
  method: 'post',
  operationId: 'requestOpsDocument',
  path: '/staff/bookings/{number}/documents/{kind}/request',
  tags,
  summary: 'Ask the customer for a document by a date (as requestDocument of the operations API)',
  security: staffSecurity,
  request: {
    params: z.object({
      number: numberParam,
      kind: z
        .string()
        .max(40)
        .openapi({
          param: { name: 'kind', in: 'path' },
          description: uploadableKinds.join(', '),
          example: 'commercial_invoice',
        }),
    }),
    ...jsonBody(documentRequestSchema()),
  },
  responses: {
    200: {
      description: "The booking's document checklist with the item asked for",
      ...json(z.object({ documents: z.array(DocumentItemSchema) })),
    },
    ...unauthenticated,
    ...forbidden,
    ...notFound,
    ...refused(`The booking is cancelled: \`${requestMessages.cancelled}\``),
    422: error(
      `A kind that is not uploaded (\`${requestMessages.badKind}\`), a bad date (\`${requestMessages.badDate}\`), a past one (\`${requestMessages.pastDate}\`) or a note over 500 characters`,
    ),
    ...errorResponses.serverError,
  },
})

// ---- The handlers ----------------------------------------------------------------------------------------

/** What the browser may show in place: PDF and images; anything else is downloaded. */
const inlineTypes = new Set(['application/pdf', 'image/jpeg', 'image/png'])

/** A booking's file by id (any company's: operations see every booking), or undefined. */
function bookingFile(db: Kysely<Database>, number: string, id: string) {
  return db
    .selectFrom('booking_documents as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .selectAll('d')
    .where('b.number', '=', number)
    .where('d.id', '=', id)
    .executeTakeFirst()
}

export function staffBookingRoutes(deps: StaffBookingDeps) {
  const { db, now, places, staffSessions, hub, storage, clientIp } = deps
  const router = createRouter<StaffEnv>()
  const staff = (operation: Parameters<typeof requireStaff>[2]) => requireStaff(staffSessions, now, operation)
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
  const noFile = (c: Context) => c.json({ message: documentMessages.notFound } satisfies ErrorBody, 404)

  return router
    .openapi({ ...listRoute, middleware: [staff('listOpsBookings')] as const }, async (c) =>
      c.json(await listOpsQueue(db, places, c.req.valid('query'), counts), 200),
    )
    .openapi({ ...getRoute, middleware: [staff('getOpsBooking')] as const }, async (c) => {
      const detail = await opsBookingDetail(db, places, c.req.valid('param').number, now())
      return detail ? c.json(detail, 200) : missing(c)
    })
    .openapi({ ...confirmRoute, middleware: [staff('confirmOpsBooking'), body] as const }, async (c) =>
      answer(c, await deskConfirm(deps, c.req.valid('param').number, c.req.valid('json'), actor(c))),
    )
    .openapi({ ...eventsRoute, middleware: [staff('postOpsMilestone'), body] as const }, async (c) =>
      answer(c, await deskMilestone(deps, c.req.valid('param').number, c.req.valid('json'), actor(c))),
    )
    .openapi({ ...retractRoute, middleware: [staff('retractOpsEvent'), body] as const }, async (c) => {
      const { number, eventId } = c.req.valid('param')
      return answer(c, await deskRetract(deps, number, eventId, c.req.valid('json').reason, actor(c)))
    })
    .openapi({ ...holdRoute, middleware: [staff('holdOpsBooking'), body] as const }, async (c) =>
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
    .openapi({ ...releaseRoute, middleware: [staff('releaseOpsBooking'), body] as const }, async (c) =>
      answer(c, await deskStatusAction(deps, c.req.valid('param').number, 'release', undefined, actor(c))),
    )
    .openapi({ ...cancelRoute, middleware: [staff('cancelOpsBooking'), body] as const }, async (c) =>
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
    .openapi({ ...previewRoute, middleware: [staff('previewOpsDocument')] as const }, async (c) => {
      const { number, id } = c.req.valid('param')
      const headers = (contentType: string, name: string, size: number) => {
        const disposition = contentDisposition(name)
        c.header('Content-Type', contentType)
        c.header(
          'Content-Disposition',
          inlineTypes.has(contentType) ? disposition.replace(/^attachment/, 'inline') : disposition,
        )
        c.header('Content-Length', String(size))
        c.header('X-Content-Type-Options', 'nosniff')
        // Whatever the file holds runs in no origin of ours: no scripts, no forms, no same-origin requests.
        c.header(
          'Content-Security-Policy',
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        )
        c.header('Cache-Control', 'private, no-store')
      }
      if (id === 'hbl') {
        const booking = await db
          .selectFrom('bookings')
          .selectAll()
          .where('number', '=', number)
          .executeTakeFirst()
        if (!booking?.hbl) return noFile(c)
        const pdf = await houseBillOf(db, booking)
        headers('application/pdf', `${booking.hbl}.pdf`, pdf.byteLength)
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200) as never
      }
      if (!/^[0-9a-f-]{36}$/.test(id)) return noFile(c)
      const file = await bookingFile(db, number, id)
      const stream = file ? await storage.get(file.storage_key) : undefined
      if (!file || !stream) return noFile(c)
      headers(file.content_type, file.name, file.size)
      return c.body(stream, 200) as never
    })
    .openapi({ ...reviewRoute, middleware: [staff('reviewOpsDocument'), body] as const }, async (c) => {
      const { number, id } = c.req.valid('param')
      const file = /^[0-9a-f-]{36}$/.test(id) ? await bookingFile(db, number, id) : undefined
      if (!file) return noFile(c)
      const { status, reason } = c.req.valid('json')
      const outcome = await reviewDocument(
        deps,
        { id, status, reason },
        now(),
        staffAudit(c.var.staff, c.var.role, clientIp(c)),
      )
      if (!outcome) return noFile(c)
      hub.bookings.changedHere([{ number, customerId: file.customer_id }])
      return c.json(outcome, 200)
    })
    .openapi({ ...requestRoute, middleware: [staff('requestOpsDocument'), body] as const }, async (c) => {
      const { number, kind } = c.req.valid('param')
      const { dueDate, note } = c.req.valid('json')
      const outcome = await requestDocument(
        deps,
        { number, kind, dueDate, note },
        staffAudit(c.var.staff, c.var.role, clientIp(c)),
      )
      if (outcome.status === 422) return c.json({ message: outcome.message, errors: outcome.errors }, 422)
      if (outcome.status === 404) return missing(c)
      if (outcome.status === 409) return c.json({ message: outcome.message }, 409)
      hub.bookings.changedHere([{ number, customerId: outcome.customerId }])
      return c.json({ documents: outcome.documents } satisfies DocumentsResponse, 200)
    })
}
