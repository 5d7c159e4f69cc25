import { createRoute, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { bookingStatuses, documentKinds, milestoneKeys } from '../../contract/bookings'
import type { Dashboard } from '../../contract/dashboard'
import { modes } from '../../contract/pricing/types'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import { getDashboard } from '../dashboard/dashboard'
import { eventsOfBookings } from '../dashboard/queries'
import { TransitSummaries } from '../dashboard/transit'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import {
  bearerSecurity,
  createRouter,
  documents,
  errorResponses,
  json,
  unauthenticatedResponse,
} from '../openapi'

const timeZone = z
  .string()
  .nullable()
  .openapi({ description: 'IANA time zone its times are shown in; null: not known, shown in UTC' })
const place = z.object({ code: z.string(), name: z.string(), country_code: z.string(), time_zone: timeZone })
const timePlace = z.object({ code: z.string(), name: z.string(), time_zone: timeZone })
const lane = { origin: place, destination: place }
const mode = z.enum(modes)
const dateTime = z.string().openapi({ format: 'date-time' })

const DashboardSchema = documents<Dashboard>()(
  z
    .object({
      user: z.object({
        name: z.string(),
        company: z.string(),
        returning: z.boolean().openapi({ description: 'The user has logged in before this session' }),
      }),
      firstLclEligible: z.boolean().openapi({
        description: 'The 10% first-LCL offer applies: the company has no LCL booking that stands',
      }),
      attention: z.object({
        expiringQuotes: z.array(
          z.object({
            ...lane,
            number: z.string(),
            mode,
            validTo: z.string().openapi({ format: 'date' }),
            totalUsd: z.int().nullable().openapi({ description: 'USD cents' }),
          }),
        ),
        documents: z.array(
          z.object({
            bookingNumber: z.string(),
            kind: z.enum(documentKinds),
            name: z.string(),
            status: z.enum(['Required', 'Rejected']),
            dueDate: z.string().nullable().openapi({ format: 'date' }),
            overdue: z.boolean(),
            reason: z.string().nullable(),
          }),
        ),
        onHold: z.array(z.object({ bookingNumber: z.string(), reason: z.string().nullable() })),
        pendingCharges: z.array(
          z.object({
            id: z.number().int(),
            bookingNumber: z.string(),
            description: z.string(),
            currency: z.string(),
            amount: z.number().int(),
            requestedAt: z.string(),
          }),
        ),
        etaMoved: z.array(
          z.object({
            bookingNumber: z.string(),
            hbl: z.string().nullable(),
            eta: dateTime,
            movedHours: z.number(),
            destination: timePlace,
          }),
        ),
      }),
      inTransit: z.array(
        z.object({
          ...lane,
          bookingNumber: z.string(),
          hbl: z.string().nullable(),
          mode,
          status: z.enum(bookingStatuses),
          next: z
            .object({
              key: z.enum(milestoneKeys),
              label: z.string(),
              at: dateTime.nullable(),
              place: timePlace.nullable(),
            })
            .nullable(),
          eta: dateTime.nullable(),
        }),
      ),
      activity: z.array(
        z.object({
          at: dateTime,
          bookingNumber: z.string(),
          hbl: z.string().nullable(),
          label: z.string(),
          location: z.string(),
          time_zone: timeZone,
          kind: z.enum(['status', 'place']).openapi({
            description:
              'status: a change the office made to the booking, shown in Singapore time; place: an event at `location`, shown in its local time',
          }),
          classifier: z.enum(['PLN', 'EST', 'ACT']),
        }),
      ),
      figures: z.object({
        quotesThisMonth: z.int(),
        bookingsInProgress: z.int(),
        deliveredThisYear: z.int(),
        spendThisYear: z.array(z.object({ mode, totalUsd: z.int().openapi({ description: 'USD cents' }) })),
      }),
    })
    .openapi('Dashboard'),
)

const dashboardRoute = createRoute({
  method: 'get',
  operationId: 'getDashboard',
  path: '/dashboard',
  tags: ['Dashboard'],
  summary:
    "The personalised dashboard of /user/home in one answer: what needs attention, shipments in transit, the company's recent events and figures",
  security: bearerSecurity,
  responses: {
    200: { description: 'The dashboard', ...json(DashboardSchema) },
    ...unauthenticatedResponse,
    ...errorResponses.serverError,
  },
})

export function dashboardRoutes(deps: {
  sessions: LiveSessions
  /** Where the dashboard's statement runs: it is written for its generic plan (server/db/client.ts). */
  genericDb: Kysely<Database>
  now: () => Date
  places: PlaceIndex
}) {
  const transit = new TransitSummaries((ids) => eventsOfBookings(deps.genericDb, ids))
  const router = createRouter<SessionEnv>()
  router.use('/dashboard', requireSession(deps.sessions, deps.now))
  return router.openapi(dashboardRoute, async (c) => {
    const { customerId, userId, sessionId, user } = c.var.session
    const dashboard: Dashboard = await getDashboard(
      { db: deps.genericDb, places: deps.places, transit },
      { customerId, userId, sessionId, name: user.esus_name, company: user.esus_company_name },
      deps.now(),
    )
    return c.json(dashboard, 200)
  })
}
