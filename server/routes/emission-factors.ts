/**
 * The emission factors table in the console (issue 38; docs/emissions.md, "Updating the factors"), for the
 * Pricing role, as rate files are: the versions with the one in force, a new version's dry run (nothing
 * written) and its apply (its row and audit row in one transaction), through server/emissions/factor-versions.ts.
 * The OpenAPI shapes and routes are emission-factors-openapi.ts.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { emissionFactorMessages } from '../../contract/emission-factors'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { applyFactors, dryRunFactors, factorsHistory } from '../emissions/factor-versions'
import { createRouter, limitJsonBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { applyRoute, dryRunRoute, getRoute } from './emission-factors-openapi'

export interface EmissionFactorDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

const taken = {
  message: emissionFactorMessages.versionTaken,
  errors: { version: [emissionFactorMessages.versionTaken] },
} satisfies ErrorBody

export function emissionFactorRoutes({ db, now, staffSessions, clientIp }: EmissionFactorDeps) {
  const router = createRouter<StaffEnv>()
  const staff = requireStaff(staffSessions, now)
  const bodyLimit = limitJsonBody()

  return router
    .openapi({ ...getRoute, middleware: [staff] as const }, async (c) =>
      c.json(await factorsHistory(db), 200),
    )
    .openapi({ ...dryRunRoute, middleware: [staff, bodyLimit] as const }, async (c) => {
      const outcome = await dryRunFactors(db, c.req.valid('json'))
      if (!outcome.ok) return c.json(taken, 409)
      return c.json(outcome.value, 200)
    })
    .openapi({ ...applyRoute, middleware: [staff, bodyLimit] as const }, async (c) => {
      const audit = staffAudit(c.var.staff, c.var.role, clientIp(c))
      const outcome = await applyFactors(db, c.req.valid('json'), audit, now())
      if (!outcome.ok) return c.json(taken, 409)
      return c.json(outcome.value, 200)
    })
}
