import { createHash, timingSafeEqual } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { ErrorBody } from '../../contract/wire'

/** The header the operations team's tools send OPS_API_KEY in. */
export const OPS_KEY_HEADER = 'X-API-Key'

/** The OpenAPI security scheme of the operations endpoints. */
export const opsKeySecurityScheme = {
  type: 'apiKey' as const,
  in: 'header' as const,
  name: OPS_KEY_HEADER,
  description: 'The operations API key (OPS_API_KEY). Unset on the server: every operations call is refused.',
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/** Whether `given` is the key, compared in constant time (both hashed first, so lengths leak nothing). */
export function opsKeyMatches(key: string | undefined, given: string | undefined): boolean {
  if (!key || !given) return false
  return timingSafeEqual(digest(key), digest(given))
}

/**
 * Lets operations calls through only with `X-API-Key: <OPS_API_KEY>`. Without a configured key every call
 * is 401; a customer's bearer token never counts.
 */
export function requireOpsKey(key: string | undefined) {
  return createMiddleware(async (c, next) => {
    if (!opsKeyMatches(key, c.req.header(OPS_KEY_HEADER))) {
      return c.json({ message: 'Unauthenticated.' } satisfies ErrorBody, 401)
    }
    c.header('Cache-Control', 'no-store')
    await next()
  })
}
