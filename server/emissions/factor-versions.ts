/**
 * The emission factors table's versions (issue 38; docs/emissions.md, "Updating the factors"): the pricing
 * desk's history of them, a new version's dry run (reads only) and its apply: one row of
 * `emission_factor_versions` with its audit row, in one transaction. The newest row is in force
 * (./factors.ts `currentFactors`) for quotes shown and bookings counted from then on; a booking's figure
 * already counted keeps the factors it was counted with (`booking_emissions.factors`): nothing here touches it.
 */
import { type Kysely, sql } from 'kysely'
import {
  type EmissionFactorsHistory,
  type EmissionFactorsSubmitted,
  type FactorsDryRun,
  type FactorsVersion,
  factorsDryRun,
  proposedFactors,
} from '../../contract/emission-factors'
import { DEFAULT_EMISSION_FACTORS, type EmissionFactors, emissionFactorKeys } from '../../contract/emissions'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { currentFactors } from './factors'

/** The built-in defaults, in force until a version is applied (and listed last in the history). */
const builtIn: FactorsVersion = {
  table: DEFAULT_EMISSION_FACTORS,
  note: null,
  appliedAt: null,
  appliedBy: null,
  builtIn: true,
}

/** Every version, newest first, with who applied it; the built-in defaults last. */
export async function factorsHistory(db: Kysely<Database>): Promise<EmissionFactorsHistory> {
  const rows = await db
    .selectFrom('emission_factor_versions as v')
    .leftJoin('staff_members as s', 's.id', 'v.applied_by')
    .select([
      'v.version',
      'v.source',
      'v.factors',
      'v.note',
      'v.applied_at',
      'v.applied_by',
      's.name as staff_name',
      's.email as staff_email',
    ])
    .orderBy('v.id', 'desc')
    .execute()
  const versions: FactorsVersion[] = rows.map((row) => ({
    table: { version: row.version, source: row.source, factors: row.factors },
    note: row.note,
    appliedAt: row.applied_at.toISOString(),
    appliedBy:
      row.applied_by !== null && row.staff_name !== null && row.staff_email !== null
        ? { id: row.applied_by, name: row.staff_name, email: row.staff_email }
        : null,
    builtIn: false,
  }))
  versions.push(builtIn)
  return { inForce: versions[0] ?? builtIn, versions }
}

/** Whether a version of this name was applied, or is the built-in one's (any case). */
async function versionTaken(db: Kysely<Database>, version: string): Promise<boolean> {
  if (version.toLowerCase() === DEFAULT_EMISSION_FACTORS.version.toLowerCase()) return true
  const row = await db
    .selectFrom('emission_factor_versions')
    .select('id')
    .where(sql<string>`lower(version)`, '=', version.toLowerCase())
    .executeTakeFirst()
  return row !== undefined
}

const noteOf = (input: EmissionFactorsSubmitted) => (input.note ? input.note : null)

export type FactorsOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'taken' }

/** The dry run: what the version would change against the table in force; nothing is written. */
export async function dryRunFactors(
  db: Kysely<Database>,
  input: EmissionFactorsSubmitted,
): Promise<FactorsOutcome<FactorsDryRun>> {
  if (await versionTaken(db, input.version)) return { ok: false, reason: 'taken' }
  const current = await currentFactors(db)
  return { ok: true, value: factorsDryRun(current, proposedFactors(current, input), noteOf(input)) }
}

/** A table's fields one by one, as the audit row compares them: `road-truck.wtwGPerTkm`, … */
function auditFields(table: EmissionFactors): Record<string, unknown> {
  const fields: Record<string, unknown> = { version: table.version, source: table.source }
  for (const key of emissionFactorKeys) {
    const factor = table.factors[key]
    fields[`${key}.label`] = factor.label
    fields[`${key}.wtwGPerTkm`] = factor.wtwGPerTkm
    fields[`${key}.ttwGPerTkm`] = factor.ttwGPerTkm
    fields[`${key}.source`] = factor.source
  }
  return fields
}

/**
 * Puts the version in force: its row and its audit row (`emission_factors.applied`: every field that differs
 * from the table it replaces, before and after) in one transaction, or nothing when its name is taken.
 * Applies wait for each other (the table lock), so each compares against the version really replaced.
 */
export async function applyFactors(
  db: Kysely<Database>,
  input: EmissionFactorsSubmitted,
  audit: AuditContext,
  now: Date,
): Promise<FactorsOutcome<EmissionFactorsHistory>> {
  const applied = await db.transaction().execute(async (trx) => {
    await sql`lock table emission_factor_versions in share row exclusive mode`.execute(trx)
    if (await versionTaken(trx, input.version)) return false
    const current = await currentFactors(trx)
    const proposed = proposedFactors(current, input)
    const note = noteOf(input)
    await trx
      .insertInto('emission_factor_versions')
      .values({
        version: proposed.version,
        source: proposed.source,
        factors: JSON.stringify(proposed.factors),
        note,
        applied_by: audit.actor.kind === 'staff' ? audit.actor.staffId : null,
        applied_at: now,
      })
      .execute()
    const before = auditFields(current)
    const after = auditFields(proposed)
    const changes = changedFields(before, after, Object.keys(after))
    await appendAudit(
      trx,
      {
        ...audit,
        action: 'emission_factors.applied',
        recordType: 'emission_factors',
        recordId: proposed.version,
        customerId: null,
        changes: note ? { ...changes, note: { before: null, after: note } } : changes,
      },
      now,
    )
    return true
  })
  if (!applied) return { ok: false, reason: 'taken' }
  return { ok: true, value: await factorsHistory(db) }
}
