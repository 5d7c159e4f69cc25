import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { messages } from '../../contract/messages'
import {
  customerForbiddenMessage,
  customerMayCall,
  customerPermissions,
  teamMessages,
} from '../../contract/team'
import type { ErrorBody } from '../../contract/wire'
import type { LiveSessions } from './live-sessions'
import { NOT_IN_TABLE, operationReached, withRoleAnswers } from './operations'
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

/**
 * The token of an event stream: the Authorization header, else `?access_token=` (EventSource cannot send
 * headers). Only the stream routes read the query; the query is never logged (the error log prints the path).
 */
function streamToken(c: Context): string | undefined {
  const header = bearerToken(c)
  if (header) return header
  const query = c.req.query('access_token')
  return query && tokenPattern.test(query) ? query : undefined
}

export interface GateOptions {
  /**
   * An event stream's gate: the token is also read from `?access_token=` (streamToken), and the stream's answer
   * sets its own Cache-Control.
   */
  stream?: boolean
}

/**
 * The live session of the request's token (a customer's or a staff member's, as `sessions` holds them), or
 * undefined; once found, the answer is marked `no-store` (but a stream's, which sets its own).
 */
export async function sessionOfRequest<S>(
  c: Context,
  sessions: { find(tokenHash: string, now: Date): Promise<S | undefined> },
  now: () => Date,
  { stream = false }: GateOptions,
): Promise<S | undefined> {
  const token = stream ? streamToken(c) : bearerToken(c)
  const session = token ? await sessions.find(hashToken(token), now()) : undefined
  if (session && !stream) c.header('Cache-Control', 'no-store')
  return session
}

export const unauthenticated = (c: Context) =>
  c.json({ message: messages.unauthenticated } satisfies ErrorBody, 401)

/** A gate's refusal: 403 with the permission table's message. */
export const forbidden = (c: Context, message: string) => c.json({ message } satisfies ErrorBody, 403)

/**
 * Lets the request through only with `Authorization: Bearer <token>` of a live session (not ended, seen
 * in the last 15 minutes, created in the last 12 hours), and slides the session's idle window. Every
 * rejection is 401 `{"message":"Unauthenticated."}`, the answer the SPA's session-expired flow expects.
 *
 * Then the company role (issue 24): the operation the request reaches must be in `customerPermissions` and
 * allowed to the role the held session carries (`session.user.company_role`, no query of its own), else 403
 * `{ message }` (server/auth/operations.ts finds the operation in the table `checkRolesWith` gives it). Before
 * validation, so a Viewer's change is refused whatever its body.
 */
export function requireSession(sessions: LiveSessions, now: () => Date, options: GateOptions = {}) {
  return createMiddleware<SessionEnv>(async (c, next) => {
    const session = await sessionOfRequest(c, sessions, now, options)
    if (!session) return unauthenticated(c)
    const role = session.user.company_role
    const operation = operationReached(c, sessions, customerPermissions)
    if (operation === NOT_IN_TABLE) return forbidden(c, teamMessages.notCustomerOperation)
    if (operation && !customerMayCall(role, operation)) return forbidden(c, customerForbiddenMessage(role))
    c.set('session', session)
    await next()
  })
}

const roleAnswer: Record<'member' | 'admin', string> = {
  member: `Needs the Member or Admin role in the company: a Viewer is answered \`${teamMessages.viewerForbidden}\``,
  admin: `Needs the Admin role in the company: a Member is answered \`${teamMessages.adminOnly}\`, a Viewer \`${teamMessages.viewerForbidden}\``,
}

/**
 * Documents the role check: a 403 on every customer operation a role may be refused (`member` and `admin` in
 * customerPermissions), next to any 403 the route describes for a cause of its own.
 */
export const withCustomerRoles = <D extends { paths?: object }>(document: D): D =>
  withRoleAnswers(document, (operationId) => {
    if (!Object.hasOwn(customerPermissions, operationId)) return undefined
    const access = customerPermissions[operationId as keyof typeof customerPermissions]
    return access === 'member' || access === 'admin' ? roleAnswer[access] : undefined
  })
