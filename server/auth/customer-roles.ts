/**
 * The company role on every customer operation (issue 24, docs/teams.md "Checking the role on every
 * operation"): which OpenAPI operation a request reaches, found from the route Hono matched, and whether the
 * session's role may call it (contract/team.ts `customerPermissions`). requireSession asks it after the session
 * is found; the table is built once from the app's OpenAPI registry after every route is mounted.
 */
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import {
  type CompanyRole,
  type CustomerOperation,
  customerForbiddenMessage,
  customerMayCall,
  customerPermissions,
  teamMessages,
} from '../../contract/team'

/** Each operation's id by `METHOD /hono/path` (`GET /api/bookings/:number`). */
export type OperationTable = ReadonlyMap<string, string>

interface RegistryDefinition {
  type: string
  route?: { method: string; path: string; operationId?: string }
}

/** The table of an app's OpenAPI registry (`app.openAPIRegistry.definitions`, paths with `{param}`). */
export function operationTableOf(definitions: readonly RegistryDefinition[]): OperationTable {
  const table = new Map<string, string>()
  for (const definition of definitions) {
    const { route } = definition
    if (definition.type !== 'route' || !route?.operationId) continue
    // The path as @hono/zod-openapi registers it with Hono.
    const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1')
    table.set(`${route.method.toUpperCase()} ${path}`, route.operationId)
  }
  return table
}

/** Not an operation of the document: a route added without createRoute is refused, never let through. */
export const UNDOCUMENTED = Symbol('undocumented')

/**
 * The operation a request reaches: the first route Hono matched (in the order it will run them) that is an
 * operation of the table. `router.use` middleware is registered for every method (`ALL`) and skipped. Undefined
 * when no handler matched at all (the request ends in the 404 of notFound, which reaches nothing);
 * UNDOCUMENTED when an API handler matched that is not an operation of the document.
 */
export function operationOf(c: Context, table: OperationTable): string | typeof UNDOCUMENTED | undefined {
  let handler = false
  for (const route of matchedRoutes(c)) {
    if (route.method === 'ALL') continue
    const operationId = table.get(`${route.method} ${route.path}`)
    if (operationId) return operationId
    // The SPA's fallback (`GET *`) is not an API handler: it leaves /api/* alone.
    if (route.path.startsWith('/api/')) handler = true
  }
  return handler ? UNDOCUMENTED : undefined
}

const isCustomerOperation = (operationId: string): operationId is CustomerOperation =>
  Object.hasOwn(customerPermissions, operationId)

/** Why a request of `role` to `operation` is refused (the 403's message), or undefined when it may pass. */
export function refusalOf(
  role: CompanyRole,
  operation: string | typeof UNDOCUMENTED | undefined,
): string | undefined {
  if (operation === undefined) return undefined
  if (operation === UNDOCUMENTED || !isCustomerOperation(operation)) return teamMessages.notCustomerOperation
  return customerMayCall(role, operation) ? undefined : customerForbiddenMessage(role)
}

interface DocumentedOperation {
  operationId?: string
  description?: string
  responses?: Record<string, { description?: string; content?: unknown }>
  security?: Record<string, unknown>[]
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

const roleAnswer: Record<'member' | 'admin', string> = {
  member: `Needs the Member or Admin role in the company: a Viewer is answered \`${teamMessages.viewerForbidden}\``,
  admin: `Needs the Admin role in the company: a Member is answered \`${teamMessages.adminOnly}\`, a Viewer \`${teamMessages.viewerForbidden}\``,
}

/**
 * Documents the role check: a 403 on every customer operation a role may be refused (`member` and `admin` in
 * customerPermissions), next to any 403 the route describes for a cause of its own.
 */
export function withCustomerRoles<D extends { paths?: object }>(document: D): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>
  for (const item of Object.values(paths)) {
    for (const value of Object.values(item)) {
      const operation = value as DocumentedOperation
      const id = operation.operationId
      if (!id || !isCustomerOperation(id)) continue
      const access = customerPermissions[id]
      if (access !== 'member' && access !== 'admin') continue
      const responses = { ...operation.responses }
      const own = responses['403']
      responses['403'] = own
        ? { ...own, description: `${own.description ?? ''}; or ${roleAnswer[access]}` }
        : { description: roleAnswer[access], content: errorContent }
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      )
    }
  }
  return document
}
