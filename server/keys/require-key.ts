/**
 * The check of every operation behind `X-API-Key` (the OpenAPI `opsApiKey` scheme; docs/security.md,
 * "Integration keys"): `keyGate(deps).requireKey(operationId)` lets a request through with
 * - a named integration key in use (not revoked) that holds the operation's scope (contract/permissions.ts
 *   keyScopeOf), recorded in the audit trail as `key:<name>` with its id; a key without the scope is 403
 *   (`This key lacks the events:write scope.`), and a named key never adds staff (403);
 * - or OPS_API_KEY, the bootstrap key of a fresh install, which holds every scope and alone may add staff
 *   without an admin (recorded as `OPS_API_KEY`);
 * anything else (no key, an unknown or a revoked one) is 401 `A valid X-API-Key is required.`.
 *
 * A named key is looked up in the database on every request (by the SHA-256 of what was presented; a unique
 * index), so a revocation holds at once in every server process. Its `last_used_at` is written at most once a
 * minute (a conditional UPDATE).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import { keyMessages } from '../../contract/integration-keys'
import { type KeyOperation, keyScopeOf } from '../../contract/permissions'
import type { ErrorBody } from '../../contract/wire'
import { type AuditContext, integrationKeyAudit, opsKeyAudit } from '../audit/audit'
import { OPS_KEY_HEADER, opsKeyMatches } from '../auth/ops-key'
import type { Database } from '../db/schema'
import { findLiveKey, LAST_USED_STEP_MS, markKeyUsed } from './keys'

/** Who a key request is, for the audit trail: set by requireKey, read by the handler (`keyAudit(c)`). */
export type KeyEnv = { Variables: { keyAudit: AuditContext } }

/** The operations a key may be presented to: every scoped one, and addStaff (the bootstrap key only). */
export type KeyedOperation = KeyOperation | 'addStaff'

/** The factory route files take in their deps (`requireKey: RequireKey`). */
export type RequireKey = (
  operationId: KeyedOperation,
  options?: { unauthenticated?: string },
) => MiddlewareHandler<KeyEnv>

export interface KeyGateDeps {
  db: Kysely<Database>
  now: () => Date
  /** OPS_API_KEY: the bootstrap key; unset, only named keys are accepted. */
  opsApiKey: string | undefined
  clientIp: (c: Context) => string
}

export function keyGate({ db, now, opsApiKey, clientIp }: KeyGateDeps): { requireKey: RequireKey } {
  const requireKey: RequireKey = (operationId, options = {}) => {
    const unauthenticated = options.unauthenticated ?? keyMessages.unauthenticated
    const scope = operationId === 'addStaff' ? undefined : keyScopeOf[operationId]
    return createMiddleware<KeyEnv>(async (c, next) => {
      const given = c.req.header(OPS_KEY_HEADER)?.trim()
      if (!given) return c.json({ message: unauthenticated } satisfies ErrorBody, 401)
      c.header('Cache-Control', 'no-store')
      if (opsKeyMatches(opsApiKey, given)) {
        c.set('keyAudit', opsKeyAudit(clientIp(c)))
        return next()
      }
      // Only the shape of a key is worth a query: anything else is no key of ours.
      const key = given.length <= 200 ? await findLiveKey(db, given) : undefined
      if (!key) return c.json({ message: unauthenticated } satisfies ErrorBody, 401)
      const at = now()
      if (!key.last_used_at || at.getTime() - key.last_used_at.getTime() >= LAST_USED_STEP_MS) {
        await markKeyUsed(db, key.id, at)
      }
      if (!scope) return c.json({ message: keyMessages.bootstrapOnly } satisfies ErrorBody, 403)
      if (!key.scopes.includes(scope)) {
        return c.json({ message: keyMessages.lacksScope(scope) } satisfies ErrorBody, 403)
      }
      c.set('keyAudit', integrationKeyAudit(key, clientIp(c)))
      return next()
    })
  }
  return { requireKey }
}

/** Who made this key request (requireKey ran before the handler). */
export function keyAudit(c: Context): AuditContext {
  const audit = (c as unknown as Context<KeyEnv>).get('keyAudit')
  if (!audit) throw new Error('requireKey did not run before this handler')
  return audit
}
