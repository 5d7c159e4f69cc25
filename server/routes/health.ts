import { createRoute, z } from '@hono/zod-openapi'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema'
import { createRouter, errorResponses } from '../openapi'

const HealthSchema = z.object({ status: z.literal('ok') }).openapi('Health')

const healthRoute = createRoute({
  method: 'get',
  operationId: 'getHealth',
  path: '/health',
  tags: ['Operations'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The server and its database answer',
      content: { 'application/json': { schema: HealthSchema } },
    },
    ...errorResponses.serverError,
  },
})

export function healthRoutes(db: Kysely<Database>) {
  return createRouter().openapi(healthRoute, async (c) => {
    await sql`select 1`.execute(db)
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' } as const, 200)
  })
}
