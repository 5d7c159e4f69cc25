import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findLanes, fxRates, insertLanes, ReferenceRates } from '../../server/rates/reference-rates'
import { ensureSeedRates, partners, SINGAPORE, seedLanes, validity } from '../../server/rates/seed'
import { openTestDatabase, type TestDatabase } from './helpers'

const today = new Date('2026-11-23T00:00:00Z')
let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.close()
})

describe('the illustrative rate sheets', () => {
  const lanes = seedLanes(today)

  it('cover both directions between Singapore and every country served, by sea and air', () => {
    for (const partner of partners) {
      for (const [origin, destination] of [
        [SINGAPORE.port, partner.port],
        [partner.port, SINGAPORE.port],
      ]) {
        const fcl = lanes.filter(
          (l) => l.mode === 'FCL' && l.origin === origin && l.destination === destination,
        )
        const lcl = lanes.filter(
          (l) => l.mode === 'LCL' && l.origin === origin && l.destination === destination,
        )
        expect(fcl.length, `${origin}-${destination} FCL`).toBeGreaterThanOrEqual(2)
        expect(fcl.length).toBeLessThanOrEqual(3)
        expect(lcl.length, `${origin}-${destination} LCL`).toBeGreaterThanOrEqual(2)
      }
      for (const [origin, destination] of [
        [SINGAPORE.airport, partner.airport],
        [partner.airport, SINGAPORE.airport],
      ]) {
        const air = lanes.filter(
          (l) => l.mode === 'AIR' && l.origin === origin && l.destination === destination,
        )
        expect(air.length, `${origin}-${destination} AIR`).toBeGreaterThanOrEqual(1)
        expect(air.length).toBeLessThanOrEqual(2)
      }
    }
  })

  it('price FCL per container type with BAF, THC at both ends, documentation and seal', () => {
    const lane = lanes.find((l) => l.mode === 'FCL' && l.origin === 'SGSIN' && l.destination === 'INNSA')
    expect(lane).toBeDefined()
    for (const type of ['20GP', '40GP', '40HC', '45HC'] as const) {
      const codes = lane?.charges.filter((c) => c.containerType === type).map((c) => c.code)
      expect(codes).toEqual(expect.arrayContaining(['BAS', 'BAF', 'OTHC', 'DTHC', 'SEAL']))
    }
    const othc = lane?.charges.find((c) => c.code === 'OTHC' && c.containerType === '20GP')
    expect(othc).toMatchObject({ currency: 'SGD', side: 'origin', amount: 25_000 })
    expect(lane?.charges.find((c) => c.code === 'DOC')).toMatchObject({ basis: 'shipment', side: 'origin' })
    const bas20 = lane?.charges.find((c) => c.code === 'BAS' && c.containerType === '20GP')?.amount ?? 0
    const bas40 = lane?.charges.find((c) => c.code === 'BAS' && c.containerType === '40GP')?.amount ?? 0
    expect(bas40).toBeGreaterThan(bas20)
  })

  it('price LCL per W/M with a 1 RT minimum and CFS charges, air per kg by break', () => {
    const lcl = lanes.find((l) => l.mode === 'LCL' && l.origin === 'SGSIN')
    const freight = lcl?.charges.find((c) => c.code === 'OFR')
    expect(freight).toMatchObject({ basis: 'wm', side: 'freight' })
    expect(freight?.minimum).toBe(freight?.amount)
    expect(lcl?.charges.map((c) => c.code)).toEqual(expect.arrayContaining(['OCFS', 'DCFS']))
    const air = lanes.find((l) => l.mode === 'AIR' && l.origin === 'SIN' && l.destination === 'LHR')
    const afr = air?.charges.find((c) => c.code === 'AFR')
    const breaks = afr?.breaks ?? { '-45': 0 }
    expect(Object.keys(breaks)).toEqual(['-45', '+45', '+100', '+300', '+500', '+1000'])
    const rates = Object.values(breaks)
    expect([...rates].sort((a, b) => b - a)).toEqual(rates)
    expect(afr?.minimum).toBeGreaterThan(0)
    expect(air?.charges.map((c) => c.code)).toEqual(expect.arrayContaining(['FSC', 'SSC']))
  })

  it('run as services do: FCL and LCL weekly on spread weekdays, air several days a week or daily', () => {
    const of = (mode: string) => lanes.filter((l) => l.mode === mode)
    for (const lane of [...of('FCL'), ...of('LCL')]) expect(lane.departureDays.length).toBeLessThanOrEqual(2)
    expect(new Set(of('FCL').flatMap((l) => l.departureDays)).size).toBe(7)
    expect(of('FCL').some((l) => l.departureDays.length === 2)).toBe(true)
    expect(of('AIR').some((l) => l.departureDays.length === 7)).toBe(true)
    expect(of('AIR').every((l) => l.departureDays.length >= 3)).toBe(true)
    expect(new Set(of('FCL').map((l) => l.freeDays))).toEqual(new Set([7, 10, 14]))
  })

  it('are valid as in practice: FCL two weeks, LCL to month end, air a week', () => {
    expect(validity('FCL', today)).toEqual({ validFrom: '2026-11-23', validTo: '2026-12-07' })
    expect(validity('AIR', today)).toEqual({ validFrom: '2026-11-23', validTo: '2026-11-30' })
    // Seven days before the month ends, LCL runs to the end of the next month.
    expect(validity('LCL', today)).toEqual({ validFrom: '2026-11-23', validTo: '2026-12-31' })
    expect(validity('LCL', new Date('2026-11-05T00:00:00Z'))).toEqual({
      validFrom: '2026-11-05',
      validTo: '2026-11-30',
    })
  })
})

describe('rate sheets in the database', () => {
  it('are seeded once, rolled forward as they run out, and looked up by the sheet in force', async () => {
    const made = await ensureSeedRates(database.db, today)
    expect(made).toBe(seedLanes(today).length)
    expect(await ensureSeedRates(database.db, new Date('2026-11-25T00:00:00Z'))).toBe(0)

    const lanes = await findLanes(database.db, {
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      date: '2026-11-24',
    })
    expect(lanes.length).toBeGreaterThanOrEqual(2)
    expect(lanes[0]?.charges.length).toBeGreaterThan(10)
    expect(lanes.every((l) => l.validTo === '2026-12-07')).toBe(true)
    expect(
      await findLanes(database.db, {
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'INNSA',
        date: '2026-12-08',
      }),
    ).toEqual([])

    // Five days on the air sheets run out within three days: a new air set is made, from that day.
    const later = new Date('2026-11-28T00:00:00Z')
    const again = await ensureSeedRates(database.db, later)
    expect(again).toBe(seedLanes(later, ['AIR']).length)
    const air = await findLanes(database.db, {
      mode: 'AIR',
      origin: 'SIN',
      destination: 'LHR',
      date: '2026-11-29',
    })
    expect(air.length).toBeGreaterThanOrEqual(1)
    expect(air.every((l) => l.validFrom === '2026-11-28')).toBe(true)
  })

  it('replace a lane with the same key on a new import, charges and all', async () => {
    const [lane] = seedLanes(today, ['LCL'])
    if (!lane) throw new Error('no lane')
    const key = { ...lane, carrier: 'Test Consol', validFrom: '2026-11-20', validTo: '2026-11-30' }
    await insertLanes(database.db, [key], 'import')
    const cheaper = { ...key, charges: key.charges.slice(0, 2).map((c) => ({ ...c, amount: 100 })) }
    const [id] = await insertLanes(database.db, [cheaper], 'import')
    const found = (
      await findLanes(database.db, {
        mode: 'LCL',
        origin: lane.origin,
        destination: lane.destination,
        date: '2026-11-21',
      })
    ).find((l) => l.carrier === 'Test Consol')
    expect(found?.id).toBe(id)
    expect(found?.charges.map((c) => c.amount)).toEqual([100, 100])
  })

  it('are made again when the seeded set has no schedule (seeded before migration 0015)', async () => {
    await database.db
      .updateTable('rate_lanes')
      .set({ departure_days: [], cargo_cutoff_days: 0, doc_cutoff_days: 0, free_days: null })
      .where('source', '=', 'seed')
      .where('mode', '=', 'LCL')
      .execute()
    const day = new Date('2026-12-01T00:00:00Z')
    expect(await ensureSeedRates(database.db, day)).toBe(seedLanes(day, ['LCL']).length)
    const lcl = await findLanes(database.db, {
      mode: 'LCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      date: '2026-12-02',
    })
    expect(lcl.length).toBeGreaterThanOrEqual(2)
    for (const lane of lcl) expect(lane).toMatchObject({ validFrom: '2026-12-01', cargoCutoffDays: 3 })
  })

  it('keep the services tariff of Singapore and a default for other countries, and the exchange rates', async () => {
    const { tariff } = await new ReferenceRates(database.db).get()
    expect(tariff('SG')).toMatchObject({ currency: 'SGD', importCustomsFee: 5500 })
    expect(tariff('IN')).toMatchObject({ currency: 'USD' })
    expect(await fxRates(database.db)).toMatchObject({ USD: 1_000_000, SGD: 1_300_000, EUR: 920_000 })
  })
})
