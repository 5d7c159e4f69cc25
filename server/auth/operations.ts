/**
 * The permission gate's half shared by customers and staff (issue 24's role check, issue 33's one gate): which
 * OpenAPI operation a request reaches, found from the route Hono matched, and whether it is an operation of a
 * permission table (`customerPermissions` in contract/team.ts, `staffPermissions` in contract/permissions.ts).
 * requireSession (server/auth/session.ts) and requireStaff (server/staff/gate.ts) ask it once the session is
 * found; the table of operations is built once from the app's OpenAPI registry after every route is mounted.
 */
import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'

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

/** The operations of the app each kind of held sessions serves (createApp sets it once every route is mounted). */
const operationTables = new WeakMap<object, () => OperationTable>()

/**
 * Tells the gate of `sessions` (a customer's LiveSessions, the StaffSessions) which operation a request
 * reaches: the app's table, asked for at the first request (every route is mounted by then) and kept.
 */
export function checkRolesWith(sessions: object, table: () => OperationTable): void {
  let built: OperationTable | undefined
  operationTables.set(sessions, () => {
    built ??= table()
    return built
  })
}

/** An operation missing from the permission table (or from the document, or a gate with no table): refused. */
export const NOT_IN_TABLE = Symbol('not in the permission table')

/**
 * The operation of `permissions` a request behind the gate of `sessions` reaches; undefined when it reaches
 * none (the 404 it ends in); NOT_IN_TABLE when it reaches one the table does not name, a handler the document
 * does not describe, or when no table was given (checkRolesWith): nothing passes unchecked.
 */
export function operationReached<Operation extends string>(
  c: Context,
  sessions: object,
  permissions: Readonly<Record<Operation, unknown>>,
): Operation | undefined | typeof NOT_IN_TABLE {
  const table = operationTables.get(sessions)?.()
  if (!table) return NOT_IN_TABLE
  const operation = operationOf(c, table)
  if (operation === undefined) return undefined
  if (operation === UNDOCUMENTED || !Object.hasOwn(permissions, operation)) return NOT_IN_TABLE
  return operation as Operation
}

interface DocumentedOperation {
  operationId?: string
  responses?: Record<string, { description?: string; content?: unknown }>
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

/**
 * Documents a gate's role check: a 403 on every operation `roleAnswer` describes (the operations a role may be
 * refused), next to any 403 the route describes for a cause of its own.
 */
export function withRoleAnswers<D extends { paths?: object }>(
  document: D,
  roleAnswer: (operationId: string) => string | undefined,
): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>
  for (const item of Object.values(paths)) {
    for (const value of Object.values(item)) {
      const operation = value as DocumentedOperation
      const answer = operation.operationId && roleAnswer(operation.operationId)
      if (!answer) continue
      const responses = { ...operation.responses }
      const own = responses['403']
      responses['403'] = own
        ? { ...own, description: `${own.description ?? ''}; or ${answer}` }
        : { description: answer, content: errorContent }
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      )
    }
  }
  return document
}
