import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { messages } from '../../contract/messages'
import type { ErrorBody } from '../../contract/wire'
import type { LiveSessions } from './live-sessions'
import type { LiveSession } from './sessions'
import { hashToken } from './tokens'

export type SessionEnv = { Variables: { session: LiveSession } }

/** 32 random bytes in base64url: what newToken() makes. Anything else is not looked up. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(c.req.header('Authorization') ?? '')
  const token = match?.[1]
  return token && tokenPattern.test(token) ? token : undefined
}

export const unauthenticated = (c: Context) =>
  c.json({ message: messages.unauthenticated } satisfies ErrorBody, 401)

/**
 * Lets the request through only with `Authorization: Bearer <token>` of a live session (not ended, seen
 * in the last 15 minutes, created in the last 12 hours), and slides the session's idle window. Every
 * rejection is 401 `{"message":"Unauthenticated."}`, the answer the SPA's session-expired flow expects.
 */
export function requireSession(sessions: LiveSessions, now: () => Date) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const token = bearerToken(c)
    const session = token ? await sessions.find(hashToken(token), now()) : undefined
    if (!session) return unauthenticated(c)
    c.set('session', session)
    c.header('Cache-Control', 'no-store')
    await next()
  })
}
