import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { messages } from '../../contract/messages'
import { teamMessages } from '../../contract/team'
import type { ErrorBody } from '../../contract/wire'
import { type OperationTable, operationOf, refusalOf } from './customer-roles'
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

/** The operations of the app each LiveSessions serves (createApp sets it once every route is mounted). */
const operationTables = new WeakMap<LiveSessions, () => OperationTable>()

/**
 * Tells requireSession which operation a request reaches: the app's table, asked for at the first request
 * (every route is mounted by then) and kept.
 */
export function checkRolesWith(sessions: LiveSessions, table: () => OperationTable): void {
  let built: OperationTable | undefined
  operationTables.set(sessions, () => {
    built ??= table()
    return built
  })
}

/**
 * Lets the request through only with `Authorization: Bearer <token>` of a live session (not ended, seen
 * in the last 15 minutes, created in the last 12 hours), and slides the session's idle window. Every
 * rejection is 401 `{"message":"Unauthenticated."}`, the answer the SPA's session-expired flow expects.
 *
 * Then the company role (issue 24): the operation the request reaches must be in `customerPermissions` and
 * allowed to the role the held session carries (`session.user.company_role`, no query of its own), else 403
 * `{ message }` (customer-roles.ts). Before validation, so a Viewer's change is refused whatever its body.
 */
export function requireSession(sessions: LiveSessions, now: () => Date) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const token = bearerToken(c)
    const session = token ? await sessions.find(hashToken(token), now()) : undefined
    if (!session) return unauthenticated(c)
    c.header('Cache-Control', 'no-store')
    const table = operationTables.get(sessions)?.()
    const refusal = table
      ? refusalOf(session.user.company_role, operationOf(c, table))
      : teamMessages.notCustomerOperation
    if (refusal) return c.json({ message: refusal } satisfies ErrorBody, 403)
    c.set('session', session)
    await next()
  })
}
