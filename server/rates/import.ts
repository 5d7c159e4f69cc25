import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { type CsvProblem, formatRatesCsv } from './csv'
import { applyRateFile } from './rate-files'
import { allLanes } from './reference-rates'

export interface ImportOutcome {
  lanes: number
  charges: number
  problems: CsvProblem[]
}

/**
 * Imports a rate file in one transaction, or nothing at all when any row is bad: the pricing desk's apply
 * (server/rates/rate-files.ts, with its tariff semantics and audit row), recorded as the server's own
 * (`rates import`). The console, `npm run rates` and integrations go through the API instead.
 */
export async function importRates(
  db: Kysely<Database>,
  csv: string,
  now: Date = new Date(),
): Promise<ImportOutcome> {
  const outcome = await applyRateFile(
    db,
    { name: 'import.csv', csv },
    { actor: { kind: 'system', name: 'rates import' }, clientAddress: null },
    now,
  )
  const { report } = outcome
  if (!outcome.ok) return { lanes: 0, charges: 0, problems: report.refused }
  return { lanes: report.sheets, charges: report.charges, problems: [] }
}

export async function exportRates(db: Kysely<Database>): Promise<string> {
  return formatRatesCsv(await allLanes(db))
}
