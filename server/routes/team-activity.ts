/**
 * GET /api/team/activity (`listTeamActivity`, docs/teams.md "Who did what"): the company's own activity from
 * the audit trail, for its Admins: the session gate checks the role (contract/team.ts customerPermissions), as
 * for every other Admin operation.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { teamPaths } from '../../contract/team'
import {
  TEAM_ACTIVITY_PAGE_SIZE,
  type TeamActivityPage,
  teamActivityQuerySchema,
} from '../../contract/team-activity'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import {
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { teamActivity } from '../team-activity/activity'

export interface TeamActivityDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
}

const LinkSchema = z
  .union([
    z.object({ page: z.enum(['quote', 'booking']), number: z.string() }),
    z.object({ page: z.literal('team') }),
  ])
  .nullable()
  .openapi({ description: "The customer's page of the record (a document's is its booking's), or null" })

const TeamActivityPageSchema = documents<TeamActivityPage>()(
  z
    .object({
      entries: z.array(
        z.object({
          id: z.string(),
          at: z.string(),
          actor: z.string().openapi({ description: "Who did it: the user's name", example: 'Priya Tan' }),
          actorUserId: z.int().nullable(),
          action: z.string().openapi({ example: 'booking.created' }),
          summary: z.string().openapi({ example: 'Booked ESB-2026000123' }),
          recordType: z.string(),
          recordId: z.string(),
          link: LinkSchema,
        }),
      ),
      page: z.int(),
      pageCount: z.int(),
      total: z.int(),
      people: z
        .array(z.object({ id: z.int(), name: z.string() }))
        .openapi({ description: "The company's users, by name: the filter's choices" }),
    })
    .openapi('TeamActivityPage'),
)

const activityRoute = createRoute({
  method: 'get',
  operationId: 'listTeamActivity',
  path: teamPaths.activity.replace(/^\/api/, ''),
  tags: ['My Team'],
  summary: `The company's own activity from the audit trail, newest first, ${TEAM_ACTIVITY_PAGE_SIZE} a page; filter by person (Admins)`,
  security,
  request: { query: teamActivityQuerySchema },
  responses: {
    200: { description: 'One page of the activity', ...json(TeamActivityPageSchema) },
    403: errorResponse('Not an Admin of the company'),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function teamActivityRoutes({ db, now, sessions }: TeamActivityDeps) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(sessions, now)
  router.use(activityRoute.path, async (c, next) => {
    // The team router's '/team/*' middleware may have found the session of this request already.
    if (c.get('session')) return next()
    return session(c, next)
  })
  return router.openapi(activityRoute, async (c) => {
    // An Admin's: the session's gate (customerPermissions.listTeamActivity) refused anyone else.
    const { customerId } = c.var.session
    const { user: userId, page } = c.req.valid('query')
    const answer = await teamActivity(db, { customerId, userId, page })
    return c.json(answer satisfies TeamActivityPage, 200)
  })
}
