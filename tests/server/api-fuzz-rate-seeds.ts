/**
 * The seeds of the pricing desk's operations for the API fuzz tests (api-fuzz.test.ts): a rate file of a
 * carrier of its own (so that applying it again and again leaves every other sheet, and the quotes the other
 * seeds make, as they were), for the staff operations and the X-API-Key ones; and a version of the emission
 * factors, under a name of its own each time (a name used already is 409), with the defaults' numbers.
 */
import { addDays, singaporeDateOf } from '../../contract/dates'
import { DEFAULT_EMISSION_FACTORS } from '../../contract/emissions'
import { csvColumns } from '../../server/rates/csv'
import type { Body, Seed } from './api-fuzz-requests'

export function rateFileSeeds(now: Date): {
  staff: Record<string, () => Seed>
  ops: Record<string, () => Seed>
} {
  const today = singaporeDateOf(now)
  const csv = [
    csvColumns.join(','),
    `FCL,SGSIN,INNSA,Fuzz Tariff Line,Direct,9,WED,2,3,10,${addDays(today, -1)},${addDays(today, 13)},USD,1;7,BAS,Ocean freight,freight,container,40GP,,653,,,`,
    `FCL,SGSIN,INNSA,Fuzz Tariff Line,Direct,9,WED,2,3,10,${addDays(today, -1)},${addDays(today, 13)},USD,1;7,DOC,Documentation,origin,shipment,,,45,,,`,
  ].join('\n')
  const file = (): Seed => ({
    body: { kind: 'json', value: { name: 'fuzz-tariff.csv', csv } } satisfies Body,
  })
  let versions = 0
  const factors = (): Seed => {
    versions += 1
    const value = {
      version: `Fuzz factors ${versions}`,
      source: 'GLEC Framework v3 (fuzz)',
      note: 'Applied by the API fuzz tests.',
      factors: Object.fromEntries(
        Object.entries(DEFAULT_EMISSION_FACTORS.factors).map(([key, f]) => [
          key,
          { wtwGPerTkm: f.wtwGPerTkm, ttwGPerTkm: f.ttwGPerTkm, label: f.label, source: f.source },
        ]),
      ),
    }
    return { body: { kind: 'json', value } satisfies Body }
  }
  return {
    staff: {
      listRateSheets: () => ({ query: { mode: 'FCL', origin: 'SGSIN', validity: 'current', page: '1' } }),
      // The first seeded sheet: the fuzz's rate files replace only their own carrier's.
      getRateSheet: () => ({ params: { id: '1' } }),
      dryRunRateFile: file,
      applyRateFile: file,
      getEmissionFactors: () => ({}),
      dryRunEmissionFactors: factors,
      applyEmissionFactors: factors,
    },
    ops: {
      opsDryRunRateFile: file,
      opsApplyRateFile: file,
      exportRateFile: () => ({}),
    },
  }
}
