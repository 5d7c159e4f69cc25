import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { Kysely } from 'kysely'
import { messages } from '../contract/messages'
import { apiPaths, type ErrorBody } from '../contract/wire'
import type { Database } from './db/schema'
import { createRouter, errorResponses } from './openapi'
import { countriesRoutes } from './routes/countries'
import { healthRoutes } from './routes/health'
import { mountStaticSite } from './static'

export interface AppOptions {
  db: Kysely<Database>
  /** Directory of the built SPA; without it only the API is served. */
  staticDir?: string
  /** Where unexpected errors are reported (defaults to the console). */
  logger?: Pick<Console, 'error'>
}

export const openApiConfig = {
  openapi: '3.1.0',
  info: {
    title: 'eShip API',
    version: '1.0.0',
    description: 'API of the eShip digital freight forwarding web application.',
  },
  servers: [{ url: '/' }],
}

export function createApp({ db, staticDir, logger = console }: AppOptions) {
  const app = createRouter()

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  )
  app.use(compress())

  app.route('/api', countriesRoutes(db))
  app.route('/api', healthRoutes(db))

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: apiPaths.openapi,
    operationId: 'getOpenApiDocument',
    tags: ['Operations'],
    summary: 'This OpenAPI 3.1 document',
    responses: {
      200: {
        description: 'The OpenAPI document of the API',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...errorResponses.serverError,
    },
  })
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined
  app.get(apiPaths.openapi, (c) => {
    document ??= app.getOpenAPI31Document(openApiConfig)
    return c.json(document)
  })

  if (staticDir) mountStaticSite(app, staticDir)

  app.notFound((c) => c.json({ message: 'Not Found' } satisfies ErrorBody, 404))

  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ message: err.message || 'Bad Request' } satisfies ErrorBody, err.status)
    }
    logger.error(`${c.req.method} ${c.req.path} failed:`, err)
    return c.json({ message: messages.generic } satisfies ErrorBody, 500)
  })

  return app
}

export type App = ReturnType<typeof createApp>
