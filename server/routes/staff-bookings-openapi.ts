/**
 * The operations desk's operations on a booking as the OpenAPI document describes them (staff-bookings.ts serves
 * them; its documents' are in staff-booking-documents.ts).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { type BookingDetail, bookingStatuses, eventClassifiers } from '../../contract/bookings'
import {
  cancelSchema,
  cutoffKinds,
  type DeskEvent,
  deskConfirmSchema,
  deskMilestoneSchema,
  holdSchema,
  type OpsBookingDetail,
  type OpsCutoff,
  type OpsPlace,
  type OpsQueueItem,
  type OpsQueueResponse,
  opsQueueQuerySchema,
  opsQueues,
  retractSchema,
} from '../../contract/operations-desk'
import { modes } from '../../contract/pricing/types'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  opaque,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { deskMessages } from '../operations-desk/actions'
import { PlaceSchema, SailingSchema } from '../schemas'

export const tags = ['Operations desk']
export const notFound = { 404: error(`No such booking: \`${deskMessages.notFound}\``) }
export const refused = (what: string) => ({ 409: error(what) })

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const OpsPlaceSchema = documents<OpsPlace>()(
  z.object({ code: z.string(), name: z.string(), time_zone: z.string().nullable() }).openapi('OpsPlace'),
)

const CutoffSchema = documents<OpsCutoff>()(
  z
    .object({
      kind: z.enum(cutoffKinds),
      at: z.string().openapi({
        description: 'An ISO instant operations confirmed, or a planned day (YYYY-MM-DD) until they do',
      }),
      planned: z.boolean().openapi({ description: 'A day of the planned sailing, not yet confirmed' }),
    })
    .openapi('OpsCutoff'),
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
      etd: z.string().nullable().openapi({ description: 'As confirmed; null until operations confirm' }),
      eta: z.string().nullable().openapi({ description: 'As confirmed; null until operations confirm' }),
      plannedSailing: SailingSchema.nullable().openapi({
        description: 'The sailing planned when it was booked (what the customer was quoted), or null',
      }),
      cutoff: CutoffSchema.nullable().openapi({
        description:
          'The nearest cut-off that still matters (planned until confirmed), the queue’s order; null when none',
      }),
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
      items: z.array(QueueItemSchema).openapi({
        description:
          'The nearest cut-off first (a passed one first, none last), then the oldest in the queue, then by number',
      }),
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
      quotedTransshipment: PlaceSchema.nullable().openapi({
        description: 'The transshipment port the quoted service names ("Via Colombo"), or null',
      }),
    })
    .openapi('OpsBookingDetail'),
)

export const numberParam = z
  .string()
  .max(40)
  .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' })
export const NumberParams = z.object({ number: numberParam })

// ---- Routes --------------------------------------------------------------------------------------------

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listOpsBookings',
  path: '/staff/bookings',
  tags,
  summary:
    'A queue of the operations desk, the nearest cut-off first, then oldest first (waiting for confirmation, documents to review, ETA moved, on hold), filtered and searched, with every queue’s count',
  security: staffSecurity,
  request: { query: opsQueueQuerySchema },
  responses: {
    200: { description: 'A page of the queue', ...json(QueueSchema) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const getRoute = createRoute({
  method: 'get',
  operationId: 'getOpsBooking',
  path: '/staff/bookings/{number}',
  tags,
  summary:
    'A booking as the desk shows it: the customer’s booking detail, the company, the carrier’s reference, containers, cut-offs, the quoted transshipment port and every event with who posted it',
  security: staffSecurity,
  request: { params: NumberParams },
  responses: {
    200: { description: 'The booking', ...json(DetailSchema) },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const confirmRoute = createRoute({
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
    ...notFound,
    ...refused('The booking chart refuses: `Booking ESB-… is Confirmed: it cannot be confirmed.`'),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const eventsRoute = createRoute({
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
    ...notFound,
    422: error(
      'A bad field, an unknown place, or an event the booking cannot have: the reasons under the form’s fields',
    ),
    ...errorResponses.serverError,
  },
})

export const retractRoute = createRoute({
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
      ...notFound,
      ...refused('The booking chart refuses: `Booking ESB-… is Delivered: it cannot be …`'),
      ...errorResponses.validationError,
      ...errorResponses.serverError,
    },
  })

export const holdRoute = statusRoute(
  'holdOpsBooking',
  'hold',
  'Put a booking on hold with the reason (the customer is mailed and reads it on their booking)',
)
export const releaseRoute = statusRoute(
  'releaseOpsBooking',
  'release',
  'Release a hold: back to the status it was held from (the customer is mailed)',
)
export const cancelRoute = statusRoute(
  'cancelOpsBooking',
  'cancel',
  'Cancel a booking until its departure, with the reason (the customer is mailed and reads it)',
)
