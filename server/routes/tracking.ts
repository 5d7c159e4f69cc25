import { createRoute, z } from '@hono/zod-openapi'
import { bookingStatuses, HBL_NUMBER, type TrackingView, trackingMessages } from '../../contract/bookings'
import { modes } from '../../contract/pricing/types'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import { trackingView } from '../bookings/detail'
import { trackedBooking } from '../bookings/queries'
import type { BookingDeps } from '../bookings/service'
import {
  bearerSecurity,
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  unauthenticatedResponse,
} from '../openapi'
import { MilestoneSchema, PlaceRefSchema, RouteLegSchema } from '../schemas'

const point = z.tuple([z.number(), z.number()]).openapi({ description: '[longitude, latitude]' })
const TrackingViewSchema = documents<TrackingView>()(
  z
    .object({
      hbl: z.string(),
      bookingNumber: z.string(),
      mode: z.enum(modes),
      status: z.enum(bookingStatuses),
      origin: PlaceRefSchema,
      destination: PlaceRefSchema,
      legs: z.array(RouteLegSchema),
      milestones: z.array(MilestoneSchema),
      eta: z.object({
        current: z.string().nullable(),
        original: z.string().nullable(),
        movedHours: z.number(),
      }),
      map: z.object({
        legs: z.array(z.object({ mode: z.enum(['SEA', 'AIR']), points: z.array(point) })),
        places: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            role: z.enum(['origin', 'transshipment', 'destination']),
            at: point,
          }),
        ),
        position: z.object({ at: point, description: z.string() }).nullable(),
      }),
    })
    .openapi('TrackingView'),
)

const trackRoute = createRoute({
  method: 'get',
  operationId: 'trackShipment',
  path: '/tracking/{hbl}',
  tags: ['Bookings'],
  summary: "A shipment of the company by HBL (or HAWB) number: milestones, ETA and the route's map",
  security: bearerSecurity,
  request: {
    params: z.object({
      hbl: z
        .string()
        .max(40)
        .openapi({ param: { name: 'hbl', in: 'path' }, example: 'ESHBL2026000042' }),
    }),
  },
  responses: {
    200: { description: 'The shipment', ...json(TrackingViewSchema) },
    ...unauthenticatedResponse,
    404: errorResponse(`Not this company's HBL, or none: \`${trackingMessages.notFound}\``),
    422: errorResponse(`Not an HBL number: \`${trackingMessages.badNumber}\``),
    ...errorResponses.serverError,
  },
})

export function trackingRoutes(deps: BookingDeps & { sessions: LiveSessions }) {
  const { db, now, places } = deps
  const router = createRouter<SessionEnv>()
  router.use('/tracking/*', requireSession(deps.sessions, now))
  return router.openapi(trackRoute, async (c) => {
    const hbl = c.req.valid('param').hbl.trim().toUpperCase()
    if (!HBL_NUMBER.test(hbl)) {
      return c.json(
        { message: trackingMessages.badNumber, errors: { hbl: [trackingMessages.badNumber] } },
        422,
      )
    }
    const found = await trackedBooking(db, c.var.session.customerId, hbl)
    if (!found) return c.json({ message: trackingMessages.notFound }, 404)
    const tracking = await trackingView(places, found.booking, found.events, now())
    return c.json(tracking, 200)
  })
}
