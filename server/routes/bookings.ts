import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { confirmationPdfName } from '../../contract/booking-confirmation'
import {
  BOOKING_NUMBER,
  type BookingDetail,
  type BookingStatus,
  type BookingSummary,
  type BookingsResponse,
  bookingMessages,
  bookingStatuses,
} from '../../contract/bookings'
import {
  modes,
  type QuotePrice,
  type QuoteRequest,
  type ServiceSelection,
} from '../../contract/pricing/types'
import { mineMessage, mineValues } from '../../contract/quotes'
import { nextBookingStatus } from '../../machines/booking.machine'
import { appendAudit, changedFields, customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import { bookingConfirmationOf } from '../bookings/confirmation-pdf'
import { bookingDetail, placesOf, summaryOf } from '../bookings/detail'
import { findBooking, listBookings, updateBooking } from '../bookings/queries'
import type { BookingDeps } from '../bookings/service'
import { outstandingDocuments } from '../documents/queries'
import {
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  limitJsonBody,
  opaque,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import {
  BookingEmissionsSchema,
  DocumentItemSchema,
  MilestoneSchema,
  PartySchema,
  PlaceRefSchema,
  RouteLegSchema,
  SailingSchema,
} from '../schemas'
import { bookingEvents, insertEvents } from '../tracking/events'
import { contentDisposition } from './documents'

const summaryFields = {
  number: z.string().openapi({ example: 'ESB-2026000042' }),
  hbl: z.string().nullable().openapi({ example: 'ESHBL2026000042' }),
  mode: z.enum(modes),
  origin: PlaceRefSchema,
  destination: PlaceRefSchema,
  carrier: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  plannedTimes: z.boolean().openapi({ description: 'etd, eta: the planned sailing, unconfirmed' }),
  status: z.enum(bookingStatuses),
  documentsOutstanding: z.int(),
  quoteNumber: z.string(),
  createdAt: z.string(),
  bookedBy: z.string().openapi({ description: 'The name of the person of the company who booked it' }),
}
const BookingSummarySchema = documents<BookingSummary>()(z.object(summaryFields).openapi('BookingSummary'))
const BookingDetailSchema = documents<BookingDetail>()(
  z
    .object({
      ...summaryFields,
      shipper: PartySchema,
      consignee: PartySchema,
      notifyParty: z.union([PartySchema, z.null()]).openapi({ description: 'Party, or null' }),
      pickupAddress: z.string().nullable(),
      deliveryAddress: z.string().nullable(),
      cargoDescription: z.string(),
      cargoSummary: z.string(),
      containerWeightsKg: z.array(z.int()).nullable().openapi({
        description: "FCL: each container's gross weight as confirmed, kg (the VGM), in order; else null",
      }),
      hazardous: z.object({ unNumber: z.string(), dgClass: z.string(), packingGroup: z.string() }).nullable(),
      services: opaque<ServiceSelection>('The additional services booked (ServiceSelection)'),
      price: opaque<QuotePrice>('The charges as confirmed (QuotePrice)'),
      plannedSailing: z.union([SailingSchema, z.null()]).openapi({
        description:
          'The sailing (or flight) planned when the booking was made; null when the sheet has no schedule',
      }),
      legs: z.array(RouteLegSchema),
      documents: z.array(DocumentItemSchema),
      milestones: z.array(MilestoneSchema),
      statusReason: z.string().nullable(),
      heldFrom: z.enum(bookingStatuses).nullable().optional().openapi({
        description: 'While On Hold: the status it was held from (and returns to)',
      }),
      canCancel: z.boolean(),
      creditHold: z.object({ reason: z.string(), since: z.string() }).nullable().openapi({
        description:
          "Why it waits for finance's credit release (the customer's message) and since when; null: it does not",
      }),
      emissions: BookingEmissionsSchema.nullable().openapi({
        description: 'Its emissions in force and the figures they replaced; null when not counted',
      }),
    })
    .openapi('BookingDetail'),
)

const NumberParam = z.object({
  number: z
    .string()
    .max(40)
    .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' }),
})

const notFound = {
  404: errorResponse(`Not this company's booking, or none: \`${bookingMessages.notFound}\``),
}

const listRoute = createRoute({
  method: 'get',
  operationId: 'listBookings',
  path: '/bookings',
  tags: ['Bookings'],
  summary: "The company's bookings, newest first; filter by status and mode, search by booking or HBL number",
  security,
  request: {
    query: z.object({
      status: z.enum(bookingStatuses).optional(),
      mode: z.enum(modes).optional(),
      q: z.string().trim().max(40).optional().openapi({ description: 'Part of a booking or HBL number' }),
      mine: z.enum(mineValues, { error: mineMessage }).optional().openapi({
        description: "Mine (`true`): only the bookings the signed-in user made; else the whole company's",
      }),
    }),
  },
  responses: {
    200: { description: 'The bookings', ...json(z.object({ bookings: z.array(BookingSummarySchema) })) },
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const getRoute = createRoute({
  method: 'get',
  operationId: 'getBooking',
  path: '/bookings/{number}',
  tags: ['Bookings'],
  summary: 'One booking of the company: parties, cargo, route, charges, documents and milestones',
  security,
  request: { params: NumberParam },
  responses: {
    200: { description: 'The booking', ...json(BookingDetailSchema) },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.serverError,
  },
})

const cancelRoute = createRoute({
  method: 'post',
  operationId: 'cancelBooking',
  path: '/bookings/{number}/cancel',
  tags: ['Bookings'],
  summary: 'Cancels a booking still Booking Received (again for a cancelled one: the same answer)',
  security,
  request: { params: NumberParam },
  responses: {
    200: { description: 'The booking, Cancelled', ...json(BookingDetailSchema) },
    ...unauthenticated,
    ...notFound,
    409: errorResponse(`Past Booking Received: \`${bookingMessages.cannotCancel}\``),
    ...errorResponses.serverError,
  },
})

const confirmationRoute = createRoute({
  method: 'get',
  operationId: 'getBookingConfirmation',
  path: '/bookings/{number}/confirmation.pdf',
  tags: ['Bookings'],
  summary:
    'The booking confirmation as a PDF: parties, cargo, route, planned sailing with cut-offs, services, charges, documents due and terms',
  security,
  request: { params: NumberParam },
  responses: {
    200: {
      description: "The PDF, with Content-Disposition: attachment; filename*=UTF-8''ESB-…-confirmation.pdf",
      content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.serverError,
  },
})

export const CUSTOMER_CANCEL_REASON = 'Cancelled by the customer.'

export function bookingRoutes(
  deps: BookingDeps & { sessions: LiveSessions; clientIp: (c: Context) => string },
) {
  const { db, now, places } = deps
  const router = createRouter<SessionEnv>()
  const session = requireSession(deps.sessions, now)
  // Each of its own paths once: '/bookings/*' would also run before the documents routes under it (whose
  // uploads are not JSON) and look the session up twice.
  router.use('/bookings', session)
  router.use('/bookings/:number', session)
  router.use('/bookings/:number/cancel', session, limitJsonBody())
  router.use('/bookings/:number/confirmation.pdf', session)
  const notFoundBody = { message: bookingMessages.notFound }

  return router
    .openapi(listRoute, async (c) => {
      const { status, mode, q, mine } = c.req.valid('query')
      const { customerId, userId } = c.var.session
      const rows = await listBookings(db, customerId, {
        status,
        mode,
        q,
        ...(mine === 'true' ? { userId } : {}),
      })
      const { ref } = await placesOf(
        places,
        rows.flatMap((r) => [r.origin, r.destination]),
      )
      const outstanding = await outstandingDocuments(
        db,
        rows.map((row) => ({ ...row, hazardous: Boolean((row.request as QuoteRequest).hazardous) })),
        now(),
      )
      const bookings = rows.map((row) => summaryOf(row, ref, outstanding.get(row.id) ?? 0))
      return c.json({ bookings } satisfies BookingsResponse, 200)
    })
    .openapi(getRoute, async (c) => {
      const { number } = c.req.valid('param')
      const row = BOOKING_NUMBER.test(number)
        ? await findBooking(db, c.var.session.customerId, number)
        : undefined
      if (!row) return c.json(notFoundBody, 404)
      const booking = await bookingDetail(db, places, row, await bookingEvents(db, row.id), now())
      return c.json(booking, 200)
    })
    .openapi(confirmationRoute, async (c) => {
      const { number } = c.req.valid('param')
      const row = BOOKING_NUMBER.test(number)
        ? await findBooking(db, c.var.session.customerId, number)
        : undefined
      if (!row) return c.json(notFoundBody, 404)
      const at = now()
      const booking = await bookingDetail(db, places, row, await bookingEvents(db, row.id), at)
      const pdf = await bookingConfirmationOf(booking, { appUrl: deps.mailer.appUrl, generatedAt: at })
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Disposition', contentDisposition(confirmationPdfName(number)))
      c.header('Content-Length', String(pdf.byteLength))
      c.header('X-Content-Type-Options', 'nosniff')
      c.header('Cache-Control', 'private, no-store')
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200) as never
    })
    .openapi(cancelRoute, async (c) => {
      const { number } = c.req.valid('param')
      const { customerId } = c.var.session
      if (!BOOKING_NUMBER.test(number)) return c.json(notFoundBody, 404)
      const at = now()
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await findBooking(trx, customerId, number, true)
        if (!row) return 404 as const
        if (row.status === 'Cancelled') return 200 as const
        const next = nextBookingStatus(row.status as BookingStatus, row.held_from, 'customer.cancel')
        if (!next) return 409 as const
        await updateBooking(
          trx,
          row.id,
          { status: next.status, heldFrom: next.heldFrom, statusReason: CUSTOMER_CANCEL_REASON },
          at,
        )
        await insertEvents(
          trx,
          [
            {
              bookingId: row.id,
              event: {
                eventID: crypto.randomUUID(),
                eventType: 'SHIPMENT',
                eventClassifierCode: 'ACT',
                shipmentEventTypeCode: 'CANC',
                eventDateTime: at.toISOString(),
                eventCreatedDateTime: at.toISOString(),
                location: row.origin,
                reason: CUSTOMER_CANCEL_REASON,
              },
            },
          ],
          at,
        )
        await appendAudit(
          trx,
          {
            ...customerAudit(c.var.session, deps.clientIp(c)),
            action: 'booking.cancelled',
            recordType: 'booking',
            recordId: number,
            customerId,
            changes: changedFields({ status: row.status }, { status: next.status }, ['status']),
          },
          at,
        )
        return 200 as const
      })
      if (outcome === 404) return c.json(notFoundBody, 404)
      if (outcome === 409) return c.json({ message: bookingMessages.cannotCancel }, 409)
      const row = await findBooking(db, customerId, number)
      if (!row) return c.json(notFoundBody, 404)
      const booking = await bookingDetail(db, places, row, await bookingEvents(db, row.id), now())
      return c.json(booking, 200)
    })
}
