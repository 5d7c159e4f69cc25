/**
 * A new version of the emission factors (contract/emission-factors.ts): the schema's messages, the table it
 * makes (names and sources kept unless given), and the dry run's numbers, worked by hand.
 */
import { describe, expect, it } from 'vitest'
import {
  emissionFactorsInputSchema,
  factorsDryRun,
  emissionFactorMessages as m,
  proposedFactors,
  REFERENCE_CARRIAGES,
} from '../../contract/emission-factors'
import { DEFAULT_EMISSION_FACTORS as defaults, type EmissionFactorKey } from '../../contract/emissions'

type Numbers = Partial<Record<EmissionFactorKey, { wtwGPerTkm?: unknown; ttwGPerTkm?: unknown }>>

/** The defaults as a submitted version, with some numbers replaced. */
const input = (changes: Numbers = {}, fields: Record<string, unknown> = {}) => ({
  version: 'GLEC v3.2, 2027-01',
  source: 'GLEC Framework v3.2',
  factors: Object.fromEntries(
    Object.entries(defaults.factors).map(([key, f]) => [
      key,
      { wtwGPerTkm: f.wtwGPerTkm, ttwGPerTkm: f.ttwGPerTkm, ...changes[key as EmissionFactorKey] },
    ]),
  ),
  ...fields,
})

/** Every message by path, as the API and the console's form show them. */
const messages = (value: unknown) => {
  const parsed = emissionFactorsInputSchema.safeParse(value)
  if (parsed.success) return {}
  const out: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.')
    out[path] = [...(out[path] ?? []), issue.message]
  }
  return out
}

describe('a new version of the factors', () => {
  it('takes positive intensities of at most one decimal up to 5,000, TTW no more than WTW', () => {
    expect(messages(input())).toEqual({})
    expect(
      messages(
        input({
          'sea-container': { wtwGPerTkm: 1.1, ttwGPerTkm: 1.1 },
          'air-long-haul': { wtwGPerTkm: 5000 },
        }),
      ),
    ).toEqual({})
    expect(
      messages(
        input({
          'sea-container': { wtwGPerTkm: 0, ttwGPerTkm: -1 },
          'sea-container-reefer': { wtwGPerTkm: 13.95 },
          'air-short-haul': { wtwGPerTkm: 5000.1, ttwGPerTkm: 675 },
          'air-long-haul': { wtwGPerTkm: 700, ttwGPerTkm: 700.1 },
          'road-truck': { wtwGPerTkm: '88', ttwGPerTkm: Number.NaN },
        }),
      ),
    ).toEqual({
      'factors.sea-container.wtwGPerTkm': [m.factorPositive],
      'factors.sea-container.ttwGPerTkm': [m.factorPositive],
      'factors.sea-container-reefer.wtwGPerTkm': [m.factorDecimals],
      'factors.air-short-haul.wtwGPerTkm': [m.factorTooHigh],
      'factors.air-long-haul.ttwGPerTkm': [m.ttwAboveWtw],
      'factors.road-truck.wtwGPerTkm': [m.factorRequired],
      'factors.road-truck.ttwGPerTkm': [m.factorRequired],
    })
  })

  it('needs a version name, a source and every factor; a note and each name and source are optional', () => {
    const { 'road-truck': _road, ...four } = input().factors
    expect(messages({ version: ' ', source: '', note: 'x'.repeat(1001), factors: four })).toEqual({
      version: [m.versionRequired],
      source: [m.sourceRequired],
      note: [m.noteTooLong],
      'factors.road-truck': [expect.any(String)],
    })
    expect(messages({ factors: input().factors })).toEqual({
      version: [m.versionRequired],
      source: [m.sourceRequired],
    })
    expect(messages(input({}, { version: 'v'.repeat(101), source: 's'.repeat(301) }))).toEqual({
      version: [m.versionTooLong],
      source: [m.sourceTooLong],
    })
    const named = input()
    named.factors['road-truck'] = { wtwGPerTkm: 88, ttwGPerTkm: 72, label: '', source: ' ' } as never
    expect(messages(named)).toEqual({
      'factors.road-truck.label': [m.labelRequired],
      'factors.road-truck.source': [m.sourceRequired],
    })
  })

  it('makes a table that keeps each factor’s name and source unless given', () => {
    const given = input({ 'road-truck': { wtwGPerTkm: 90 } })
    given.factors['sea-container'] = {
      ...given.factors['sea-container'],
      source: ' GLEC v3.2 Asia–Europe ',
    } as never
    const table = proposedFactors(defaults, emissionFactorsInputSchema.parse(given))
    expect(table.version).toBe('GLEC v3.2, 2027-01')
    expect(table.source).toBe('GLEC Framework v3.2')
    expect(table.factors['road-truck']).toEqual({ ...defaults.factors['road-truck'], wtwGPerTkm: 90 })
    expect(table.factors['sea-container']).toEqual({
      ...defaults.factors['sea-container'],
      source: 'GLEC v3.2 Asia–Europe',
    })
    expect(table.factors['air-long-haul']).toEqual(defaults.factors['air-long-haul'])
  })
})

describe('the dry run', () => {
  const proposed = proposedFactors(
    defaults,
    emissionFactorsInputSchema.parse(
      input({ 'sea-container': { wtwGPerTkm: 9.8, ttwGPerTkm: 8.2 }, 'road-truck': { wtwGPerTkm: 90 } }),
    ),
  )
  const run = factorsDryRun(defaults, proposed, 'Confirmed against the licensed copy')

  it('gives each factor before and after with the change in percent, to one decimal', () => {
    expect(run.current).toEqual({ version: defaults.version, source: defaults.source })
    expect(run.proposed).toEqual(proposed)
    expect(run.note).toBe('Confirmed against the licensed copy')
    expect(run.changed).toBe(2)
    expect(
      run.factors.map((f) => [
        f.key,
        f.before.wtwGPerTkm,
        f.after.wtwGPerTkm,
        f.wtwChangePercent,
        f.ttwChangePercent,
        f.changed,
      ]),
    ).toEqual([
      // (9.8 − 8.9) / 8.9 = 10.11 %; TTW (8.2 − 7.5) / 7.5 = 9.33 %.
      ['sea-container', 8.9, 9.8, 10.1, 9.3, true],
      ['sea-container-reefer', 13.9, 13.9, 0, 0, false],
      ['air-short-haul', 830, 830, 0, 0, false],
      ['air-long-haul', 789, 789, 0, 0, false],
      // (90 − 88) / 88 = 2.27 %.
      ['road-truck', 88, 90, 2.3, 0, true],
    ])
  })

  it('counts each reference shipment over its stated carriage with both tables, by hand', () => {
    expect(REFERENCE_CARRIAGES.airFrankfurt.distanceKm).toBe(10_278 + 95)
    expect(REFERENCE_CARRIAGES.airJakarta.distanceKm).toBe(884 + 95)
    const figures = Object.fromEntries(
      run.references.map((r) => [
        r.id,
        [r.before.wtwGrams, r.after.wtwGrams, r.wtwChangePercent, r.after.ttwGrams],
      ]),
    )
    expect(figures).toEqual({
      // 40' at 2 TEU × 10 t = 20 t × 15,587 km = 311,740 t·km: × 8.9 g, × 9.8 g; TTW × 8.2 g.
      fcl: [2_774_486, 3_055_052, 10.1, 2_556_268],
      // × 13.9 g both ways; TTW × 11.7 g.
      'fcl-reefer': [4_333_186, 4_333_186, 0, 3_647_358],
      // 0.5 t × 15,587 km = 7,793.5 t·km: 69,362.15 g → 69,362; 76,376.3 g → 76,376; TTW 63,906.7 → 63,907.
      lcl: [69_362, 76_376, 10.1, 63_907],
      // 0.1 t × 10,373 km = 1,037.3 t·km × 789 g = 818,429.7 → 818,430; TTW × 650 g = 674,245.
      air: [818_430, 818_430, 0, 674_245],
      // 0.1 t × 979 km = 97.9 t·km × 830 g = 81,257; TTW × 675 g = 66,082.5 → 66,083.
      'air-short': [81_257, 81_257, 0, 66_083],
      // The pickup alone: 20 t × 80 km = 1,600 t·km × 88 g, × 90 g; TTW × 72 g.
      road: [140_800, 144_000, 2.3, 115_200],
    })
    expect(run.references.find((r) => r.id === 'fcl')?.carriage).toBe(
      'Singapore (SGSIN) to Rotterdam (NLRTM) by sea, 15,587 km',
    )
  })

  it('changes nothing for the table in force against itself', () => {
    const same = factorsDryRun(defaults, defaults)
    expect(same.changed).toBe(0)
    expect(same.references.every((r) => r.wtwChangePercent === 0)).toBe(true)
  })
})
