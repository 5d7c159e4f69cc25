import type { Kysely } from 'kysely'
import type { Mode } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import { refreshLocationRanks } from '../locations/locations'
import { type CsvProblem, formatRatesCsv, parseRatesCsv } from './csv'
import { allLanes, fxRates, insertLanes } from './reference-rates'

export interface ImportOutcome {
  lanes: number
  charges: number
  problems: CsvProblem[]
}

/** Imports a rate file in one transaction, or nothing at all when any row is bad. */
export async function importRates(db: Kysely<Database>, csv: string): Promise<ImportOutcome> {
  const places = await db.selectFrom('locations').select(['code', 'kind']).execute()
  const kinds = new Map(places.map((place) => [place.code, place.kind]))
  const currencies = new Set(Object.keys(await fxRates(db)))
  const { lanes, problems } = parseRatesCsv(csv, {
    isPlace: (code: string, mode: Mode) => kinds.get(code) === (mode === 'AIR' ? 'airport' : 'port'),
    isCurrency: (code: string) => currencies.has(code),
  })
  if (problems.length > 0) return { lanes: 0, charges: 0, problems }
  await db.transaction().execute(async (trx) => {
    await insertLanes(trx, lanes, 'import')
    await refreshLocationRanks(trx)
  })
  return { lanes: lanes.length, charges: lanes.reduce((n, lane) => n + lane.charges.length, 0), problems }
}

export async function exportRates(db: Kysely<Database>): Promise<string> {
  return formatRatesCsv(await allLanes(db))
}
