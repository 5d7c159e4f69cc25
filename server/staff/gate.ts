/**
 * The staff gate (issue 33): every staff operation is checked by its OpenAPI operation id against
 * `staffPermissions` (contract/permissions.ts), as requireSession checks a customer's against
 * `customerPermissions`. The routes name no operation: the gate finds the one a request reaches
 * (server/auth/operations.ts, from the table `checkRolesWith` gives it in server/app.ts).
 */
import { createMiddleware } from 'hono/factory'
import {
  actingRole,
  forbiddenMessage,
  mayCall,
  notStaffOperation,
  type StaffRole,
  staffPermissions,
  staffRoleNames,
} from '../../contract/permissions'
import { NOT_IN_TABLE, operationReached, withRoleAnswers } from '../auth/operations'
import { forbidden, type GateOptions, sessionOfRequest, unauthenticated } from '../auth/session'
import type { StaffSession, StaffSessions } from './sessions'

export type StaffEnv = { Variables: { staff: StaffSession; role: StaffRole | undefined } }

/**
 * Lets a staff operation through only with the bearer token of a live staff session (else 401, the answer the
 * console's expired flow expects: a customer's token is not one) whose roles allow the operation the request
 * reaches (else 403 with the roles it needs, `forbiddenMessage`). An operation missing from staffPermissions
 * (or from the document) is refused. Sets `staff` and the `role` it acts in.
 */
export function requireStaff(sessions: StaffSessions, now: () => Date, options: GateOptions = {}) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const session = await sessionOfRequest(c, sessions, now, options)
    if (!session) return unauthenticated(c)
    const { roles } = session.staff
    const operation = operationReached(c, sessions, staffPermissions)
    if (operation === NOT_IN_TABLE) return forbidden(c, notStaffOperation)
    if (operation && !mayCall(roles, operation)) return forbidden(c, forbiddenMessage(operation))
    c.set('staff', session)
    c.set('role', operation && actingRole(roles, operation))
    await next()
  })
}

/**
 * Documents the staff gate: a 403 with `forbiddenMessage` on every staff operation a role may be refused (all
 * but those open to `any` staff member), next to any 403 the route describes for a cause of its own.
 */
export const withStaffRoles = <D extends { paths?: object }>(document: D): D =>
  withRoleAnswers(document, (operationId) => {
    if (!Object.hasOwn(staffPermissions, operationId)) return undefined
    const operation = operationId as keyof typeof staffPermissions
    const allowed: readonly StaffRole[] | 'any' = staffPermissions[operation]
    if (allowed === 'any') return undefined
    const roles = allowed.map((role) => staffRoleNames[role]).join(' or ')
    return `Needs the ${roles} role: a staff member without one is answered \`${forbiddenMessage(operation)}\``
  })
