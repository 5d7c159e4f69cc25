import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  actingRole,
  forbiddenMessage,
  mayCall,
  type StaffOperation,
  type StaffRole,
} from '../../contract/permissions'
import type { ErrorBody } from '../../contract/wire'
import { bearerToken, unauthenticated } from '../auth/session'
import { hashToken } from '../auth/tokens'
import type { StaffSession, StaffSessions } from './sessions'

export type StaffEnv = { Variables: { staff: StaffSession; role: StaffRole | undefined } }

export const forbidden = (c: Context, operation: StaffOperation) =>
  c.json({ message: forbiddenMessage(operation) } satisfies ErrorBody, 403)

/**
 * Lets a staff operation through only with the bearer token of a live staff session (else 401, the answer the
 * console's expired flow expects: a customer's token is not one) whose roles allow `operation` (else 403 with
 * the role it needs). Sets `staff` and the `role` it acts in.
 */
export function requireStaff(sessions: StaffSessions, now: () => Date, operation: StaffOperation) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const token = bearerToken(c)
    const session = token ? await sessions.find(hashToken(token), now()) : undefined
    if (!session) return unauthenticated(c)
    c.header('Cache-Control', 'no-store')
    if (!mayCall(session.staff.roles, operation)) return forbidden(c, operation)
    c.set('staff', session)
    c.set('role', actingRole(session.staff.roles, operation))
    await next()
  })
}
