/**
 * The emissions report (contract/emissions-report.ts): the period's rules and messages, and the report built
 * from rows: a worked example (every month, zero where none; cancelled left out; not counted said), then
 * properties (fast-check): every total is the exact sum of its bookings' grams, by mode and by month alike.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_EMISSION_FACTORS, type ShipmentEmissions } from '../../contract/emissions'
import {
  defaultEmissionsPeriod,
  type EmissionsPeriod,
  emissionsPeriodSchema,
  emissionsReport,
  kgText,
  emissionsReportMessages as m,
  monthsOf,
  notCountedText,
  periodDays,
  type ReportRow,
} from '../../contract/emissions-report'
import { fieldErrors } from '../../contract/rules'

const company = { id: 7, name: 'Lion City Exports Pte Ltd' }

/** A figure of one sea leg with these grams. */
const figure = (wtwGrams: number, ttwGrams: number, km = 4_821, version = DEFAULT_EMISSION_FACTORS.version) =>
  ({
    legs: [
      {
        kind: 'main',
        mode: 'SEA',
        from: 'SGSIN',
        to: 'LKCMB',
        distanceKm: km - 1_000,
        factor: 'sea-container',
        tonneKm: 1,
        wtwGrams: 0,
        ttwGrams: 0,
      },
      {
        kind: 'main',
        mode: 'SEA',
        from: 'LKCMB',
        to: 'INNSA',
        distanceKm: 1_000,
        factor: 'sea-container',
        tonneKm: 1,
        wtwGrams: 0,
        ttwGrams: 0,
      },
    ],
    mass: { kg: 18_400.25, basis: 'declared' },
    wtwGrams,
    ttwGrams,
    factorsVersion: version,
    dataQuality: 'default factors',
  }) as ShipmentEmissions

const row = (
  number: string,
  createdAt: string,
  emissions: { wtw: number; ttw: number; version?: string } | null,
  extra: Partial<ReportRow> = {},
): ReportRow => ({
  number,
  status: 'Confirmed',
  createdAt,
  mode: 'FCL',
  origin: { code: 'SGSIN', name: 'Singapore' },
  destination: { code: 'INNSA', name: 'Nhava Sheva' },
  carrier: 'Hapag-Lloyd',
  emissions: emissions
    ? {
        figure: figure(emissions.wtw, emissions.ttw, 4_821, emissions.version),
        factors: {
          ...DEFAULT_EMISSION_FACTORS,
          version: emissions.version ?? DEFAULT_EMISSION_FACTORS.version,
        },
        reason: 'booked',
        countedAt: createdAt,
      }
    : null,
  ...extra,
})

describe('the period', () => {
  const errors = (period: Partial<EmissionsPeriod>) => fieldErrors(emissionsPeriodSchema, period)

  it('is two months YYYY-MM, the first not after the last, 24 at most', () => {
    expect(errors({ from: '2026-01', to: '2026-01' })).toEqual({})
    expect(errors({ from: '2025-01', to: '2026-12' })).toEqual({})
    expect(errors({ from: '2024-12', to: '2026-12' })).toEqual({ to: [m.periodTooLong] })
    expect(errors({ from: '2026-02', to: '2026-01' })).toEqual({ to: [m.periodOrder] })
    expect(errors({ from: '', to: '2026-01' })).toEqual({ from: [m.fromRequired] })
    expect(errors({ to: '2026-01' })).toEqual({ from: [m.fromRequired] })
    expect(errors({ from: '2026-1', to: '2026-13' })).toEqual({ from: [m.monthFormat], to: [m.monthFormat] })
    expect(errors({ from: '2026-01-01', to: '0999-01' })).toEqual({
      from: [m.monthFormat],
      to: [m.monthFormat],
    })
  })

  it('opens on the calendar year to date, and spans its months and days', () => {
    expect(defaultEmissionsPeriod('2026-03-10')).toEqual({ from: '2026-01', to: '2026-03' })
    expect(monthsOf({ from: '2025-11', to: '2026-02' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(periodDays({ from: '2024-01', to: '2024-02' })).toEqual({
      first: '2024-01-01',
      last: '2024-02-29',
    })
    expect(periodDays({ from: '2025-12', to: '2025-12' })).toEqual({
      first: '2025-12-01',
      last: '2025-12-31',
    })
    expect(periodDays({ from: '9998-01', to: '9999-12' }).last).toBe('9999-12-31')
  })
})

describe('the report', () => {
  const period = { from: '2026-01', to: '2026-03' }
  const report = emissionsReport(
    company,
    period,
    [
      row('ESB-2026000003', '2026-03-05T02:00:00Z', { wtw: 1_000_001, ttw: 800_001 }, { mode: 'AIR' }),
      row('ESB-2026000001', '2026-01-10T02:00:00Z', { wtw: 2_500_000, ttw: 2_100_000 }),
      // Cancelled: left out, its grams too.
      row('ESB-2026000002', '2026-01-11T02:00:00Z', { wtw: 9_999, ttw: 9_999 }, { status: 'Cancelled' }),
      // No figure: listed, not counted, in no sum of grams.
      row('ESB-2026000004', '2026-03-06T02:00:00Z', null, { mode: 'LCL' }),
      // 31 Dec 2025 at 23:59 in Singapore: before the period. 1 Apr at 00:00 there: after it.
      row('ESB-2025000099', '2025-12-31T15:59:00Z', { wtw: 5, ttw: 4 }),
      row('ESB-2026000100', '2026-03-31T16:00:00Z', { wtw: 5, ttw: 4 }),
      // 1 Jan at 00:00 in Singapore (31 Dec in UTC): in it, counted with other factors.
      row('ESB-2026000000', '2025-12-31T16:00:00Z', { wtw: 7, ttw: 6, version: 'GLEC v3 defaults, 2025-06' }),
    ],
    '2026-04-02',
  )

  it('lists the bookings of the period by their Singapore date, without the cancelled', () => {
    expect(report.bookings.map((b) => [b.number, b.bookedOn])).toEqual([
      ['ESB-2026000000', '2026-01-01'],
      ['ESB-2026000001', '2026-01-10'],
      ['ESB-2026000003', '2026-03-05'],
      ['ESB-2026000004', '2026-03-06'],
    ])
    expect(report.bookings[1]?.figure).toEqual({
      massKg: 18_400.25,
      massBasis: 'declared',
      distanceKm: 4_821,
      wtwGrams: 2_500_000,
      ttwGrams: 2_100_000,
      factorsVersion: DEFAULT_EMISSION_FACTORS.version,
      factorsSource: DEFAULT_EMISSION_FACTORS.source,
      reason: 'booked',
      countedText: 'when booked',
      countedAt: '2026-01-10T02:00:00Z',
    })
    expect(report.bookings[3]?.figure).toBeNull()
  })

  it('sums in total, by mode and by every month, zero where none, the not counted said', () => {
    expect(report.totals).toEqual({
      bookings: 4,
      counted: 3,
      notCounted: 1,
      wtwGrams: 3_500_008,
      ttwGrams: 2_900_007,
    })
    expect(report.byMode).toEqual([
      { mode: 'FCL', bookings: 2, counted: 2, notCounted: 0, wtwGrams: 2_500_007, ttwGrams: 2_100_006 },
      { mode: 'LCL', bookings: 1, counted: 0, notCounted: 1, wtwGrams: 0, ttwGrams: 0 },
      { mode: 'AIR', bookings: 1, counted: 1, notCounted: 0, wtwGrams: 1_000_001, ttwGrams: 800_001 },
    ])
    expect(report.byMonth).toEqual([
      { month: '2026-01', bookings: 2, counted: 2, notCounted: 0, wtwGrams: 2_500_007, ttwGrams: 2_100_006 },
      { month: '2026-02', bookings: 0, counted: 0, notCounted: 0, wtwGrams: 0, ttwGrams: 0 },
      { month: '2026-03', bookings: 2, counted: 1, notCounted: 1, wtwGrams: 1_000_001, ttwGrams: 800_001 },
    ])
    expect(notCountedText(report.totals)).toContain('1 booking of the period is not counted')
    expect(notCountedText({ notCounted: 0 })).toBeNull()
  })

  it('names the method, every factors version used once, in the order met, and the data quality', () => {
    expect(report.factors.map((f) => f.version)).toEqual([
      'GLEC v3 defaults, 2025-06',
      DEFAULT_EMISSION_FACTORS.version,
    ])
    expect(report.method).toMatch(/ISO 14083:2023 and the GLEC Framework v3/)
    expect(report.method).toMatch(/well-to-wheel \(WTW.*tank-to-wheel \(TTW/)
    expect(report.dataQuality).toMatch(/^Default factors: the lowest tier of ISO 14083/)
    expect(report.period).toEqual({ ...period, firstDay: '2026-01-01', lastDay: '2026-03-31' })
  })

  it('writes kg to one decimal, half up', () => {
    expect([kgText(18_400.25), kgText(0.04), kgText(1234.55, false), kgText(0)]).toEqual([
      '18,400.3',
      '0.0',
      '1234.6',
      '0.0',
    ])
  })
})

describe('the sums, whatever the bookings', () => {
  const rowArb = fc.record({
    day: fc.integer({ min: 0, max: 400 }),
    minute: fc.integer({ min: 0, max: 1439 }),
    mode: fc.constantFrom('FCL' as const, 'LCL' as const, 'AIR' as const),
    cancelled: fc.boolean(),
    grams: fc.option(fc.tuple(fc.nat(50_000_000_000), fc.nat(50_000_000_000)), { nil: null }),
  })

  it('are exact: the totals are the sums of the bookings, and of the modes and of the months', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (specs) => {
        const start = Date.parse('2025-11-20T00:00:00+08:00')
        const rows = specs.map((spec, i) =>
          row(
            `ESB-${i}`,
            new Date(start + spec.day * 86_400_000 + spec.minute * 60_000).toISOString(),
            spec.grams ? { wtw: spec.grams[0], ttw: spec.grams[1] } : null,
            { mode: spec.mode, status: spec.cancelled ? 'Cancelled' : 'Delivered' },
          ),
        )
        const r = emissionsReport(company, { from: '2025-12', to: '2026-11' }, rows, '2026-12-01')
        const sum = (list: readonly { wtwGrams: number; ttwGrams: number; bookings: number }[]) => ({
          wtw: list.reduce((s, x) => s + x.wtwGrams, 0),
          ttw: list.reduce((s, x) => s + x.ttwGrams, 0),
          bookings: list.reduce((s, x) => s + x.bookings, 0),
        })
        const counted = r.bookings.flatMap((b) => (b.figure ? [b.figure] : []))
        const total = { wtw: r.totals.wtwGrams, ttw: r.totals.ttwGrams, bookings: r.totals.bookings }
        expect(total).toEqual({
          wtw: counted.reduce((s, f) => s + f.wtwGrams, 0),
          ttw: counted.reduce((s, f) => s + f.ttwGrams, 0),
          bookings: r.bookings.length,
        })
        expect(sum(r.byMode)).toEqual(total)
        expect(sum(r.byMonth)).toEqual(total)
        expect(r.byMonth).toHaveLength(12)
        expect(Number.isSafeInteger(r.totals.wtwGrams)).toBe(true)
        expect(r.totals.notCounted).toBe(r.bookings.length - counted.length)
        expect(r.bookings.every((b) => b.bookedOn >= '2025-12-01' && b.bookedOn <= '2026-11-30')).toBe(true)
        expect(r.bookings.length).toBe(
          rows.filter((x, i) => !specs[i]?.cancelled && r.bookings.some((b) => b.number === x.number)).length,
        )
      }),
    )
  })
})
