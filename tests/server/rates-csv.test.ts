import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureLocations } from '../../server/locations/locations'
import { csvColumns, formatRatesCsv, parseRatesCsv, scheduleColumns } from '../../server/rates/csv'
import { exportRates, importRates } from '../../server/rates/import'
import { allLanes } from '../../server/rates/reference-rates'
import { ensureSeedRates, seedLanes } from '../../server/rates/seed'
import { openTestDatabase, type TestDatabase } from './helpers'

const today = new Date('2026-11-23T00:00:00Z')
let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
  await ensureLocations(database.db)
  await ensureSeedRates(database.db, today)
}, 60_000)

afterAll(async () => {
  await database?.close()
})

const header = csvColumns.join(',')
/** A file written before the schedule columns: still imported, its sheets without a schedule. */
const oldHeader = csvColumns.filter((column) => !scheduleColumns.includes(column)).join(',')
const ctx = {
  isPlace: (code: string, mode: string) =>
    (mode === 'AIR' ? ['SIN', 'LHR'] : ['SGSIN', 'INNSA']).includes(code),
  isCurrency: (code: string) => ['USD', 'SGD'].includes(code),
}

const fclRows = [
  'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,1;7,BAS,Ocean freight,freight,container,20GP,,653,,,',
  'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,1;7,OTHC,Origin THC,origin,container,20GP,SGD,250.00,,,',
  'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,1;7,DOC,Documentation,origin,shipment,,,50.5,,,',
  'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,1;7,DGS,DG surcharge,freight,container,20GP,,275,,,yes',
]
/** A row of the file before the schedule columns, with them left empty. */
const withEmptySchedule = (row: string) => row.replace(/^((?:[^,]*,){6})/, '$1,,,,')
const scheduledRows = [
  'FCL,SGSIN,INNSA,Scheduled Line,Direct,9,MON;THU,2,3,14,2026-11-20,2026-12-04,USD,1;7,BAS,Ocean freight,freight,container,20GP,,653,,,',
  'AIR,SIN,LHR,Test Air,Daily,2,daily,1,1,,2026-11-20,2026-11-27,USD,,AFR,Air freight,freight,kg,,,,80,-45=4.60,',
  'LCL,SGSIN,INNSA,Test Consol,Weekly,12, wed ,3,3,0,2026-11-20,2026-11-30,USD,,OFR,Ocean freight,freight,wm,,,45,45,,',
]
const airRow =
  'AIR,SIN,LHR,Test Air,General cargo,2,2026-11-20,2026-11-27,USD,,AFR,Air freight,freight,kg,,,,80,-45=4.60;+45=3.90;+100=3.50,'

describe('the rate file', () => {
  it('reads lanes with their charge lines, money into minor units', () => {
    const { lanes, problems } = parseRatesCsv([oldHeader, ...fclRows, airRow].join('\n'), ctx)
    expect(problems).toEqual([])
    expect(lanes).toHaveLength(2)
    expect(lanes[0]).toMatchObject({
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      carrier: 'Test Line',
      transitDays: 9,
      validFrom: '2026-11-20',
      validTo: '2026-12-04',
      refusedDgClasses: ['1', '7'],
      departureDays: [],
      cargoCutoffDays: 0,
      docCutoffDays: 0,
      freeDays: null,
    })
    expect(lanes[0]?.charges).toEqual([
      {
        code: 'BAS',
        name: 'Ocean freight',
        side: 'freight',
        basis: 'container',
        currency: 'USD',
        amount: 65_300,
        containerType: '20GP',
        minimum: 0,
      },
      {
        code: 'OTHC',
        name: 'Origin THC',
        side: 'origin',
        basis: 'container',
        currency: 'SGD',
        amount: 25_000,
        containerType: '20GP',
        minimum: 0,
      },
      {
        code: 'DOC',
        name: 'Documentation',
        side: 'origin',
        basis: 'shipment',
        currency: 'USD',
        amount: 5050,
        minimum: 0,
      },
      {
        code: 'DGS',
        name: 'DG surcharge',
        side: 'freight',
        basis: 'container',
        currency: 'USD',
        amount: 27_500,
        containerType: '20GP',
        minimum: 0,
        hazardousOnly: true,
      },
    ])
    expect(lanes[1]?.charges[0]).toMatchObject({
      basis: 'kg',
      amount: 0,
      minimum: 8000,
      breaks: { '-45': 460, '+45': 390, '+100': 350 },
    })
  })

  it('names every bad row with its line and reason, and gives no lanes then', () => {
    const rows = [
      oldHeader,
      fclRows[0],
      'FCL,SGSIN,XXAAA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,,BAS,Ocean freight,freight,container,20GP,,653,,,',
      'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,1;7,BAF,Bunker,freight,container,22G1,,120,,,',
      'LCL,SGSIN,INNSA,Test Consol,Direct,12,2026-11-20,2026-11-30,USD,,OFR,Ocean freight,freight,wm,,,45.999,,,',
      'AIR,SIN,LHR,Test Air,General cargo,2,2026-11-31,2026-12-05,USD,,AFR,Air freight,freight,kg,,,,80,+45=3.90,',
      'FCL,SGSIN,INNSA,Test Line,Direct,10,2026-11-20,2026-12-04,USD,1;7,SEAL,Seal,origin,container,20GP,,15,,,',
      'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,EUR,1;7,SEAL,Seal,origin,container,20GP,,15,,,',
      fclRows[0],
    ]
    const { lanes, problems } = parseRatesCsv(rows.join('\n'), ctx)
    expect(lanes).toEqual([])
    expect(problems).toEqual([
      { row: 3, reason: 'destination "XXAAA" is not a known port (UN/LOCODE)' },
      { row: 4, reason: 'container_type must be one of 20GP, 40GP, 40HC, 45HC, 20RF, 40RF, got "22G1"' },
      { row: 5, reason: 'amount must be an amount with at most 2 decimals, got "45.999"' },
      { row: 6, reason: 'valid_from must be a date as YYYY-MM-DD, got "2026-11-31"' },
      {
        row: 7,
        reason:
          'its lane repeats with other transit days, schedule, cut-offs, free days, validity, currency or refused classes',
      },
      { row: 8, reason: 'no exchange rate for the currency "EUR"' },
      { row: 9, reason: 'charge BAS 20GP appears twice in its lane' },
    ])
  })

  it('refuses a file without the columns, or without rows', () => {
    expect(parseRatesCsv('mode,origin\nFCL,SGSIN', ctx).problems[0]).toMatchObject({
      row: 1,
      reason: expect.stringMatching(/^the header lacks destination, carrier/),
    })
    expect(parseRatesCsv(header, ctx).problems).toEqual([{ row: 1, reason: 'the file has no rate rows' }])
  })

  it('reads the schedule, cut-offs and free days', () => {
    const { lanes, problems } = parseRatesCsv([header, ...scheduledRows].join('\n'), ctx)
    expect(problems).toEqual([])
    expect(
      lanes.map(({ departureDays, cargoCutoffDays, docCutoffDays, freeDays }) => ({
        departureDays,
        cargoCutoffDays,
        docCutoffDays,
        freeDays,
      })),
    ).toEqual([
      { departureDays: [1, 4], cargoCutoffDays: 2, docCutoffDays: 3, freeDays: 14 },
      { departureDays: [1, 2, 3, 4, 5, 6, 7], cargoCutoffDays: 1, docCutoffDays: 1, freeDays: null },
      { departureDays: [3], cargoCutoffDays: 3, docCutoffDays: 3, freeDays: 0 },
    ])
  })

  it('names a bad schedule, cut-off or free days with its row', () => {
    const lane = 'FCL,SGSIN,INNSA,Test Line,Direct,9'
    const rest = '2026-11-20,2026-12-04,USD,,BAS,Ocean freight,freight,container,20GP,,653,,,'
    const rows = [
      header,
      `${lane},MONDAY,2,3,14,${rest}`,
      `${lane},MON;XYZ,2,3,14,${rest}`,
      `${lane},MON;,2,3,14,${rest}`,
      `${lane},MON,,3,14,${rest}`,
      `${lane},MON,2,15,14,${rest}`,
      `${lane},MON,2,3,two weeks,${rest}`,
      `${lane},MON,2,3,-1,${rest}`,
      `${lane},MON,2,3,91,${rest}`,
    ]
    const { lanes, problems } = parseRatesCsv(rows.join('\n'), ctx)
    expect(lanes).toEqual([])
    expect(problems).toEqual([
      { row: 2, reason: 'departure_days must be weekdays such as MON;THU, or daily, got "MONDAY"' },
      { row: 3, reason: 'departure_days must be weekdays such as MON;THU, or daily, got "MON;XYZ"' },
      { row: 4, reason: 'departure_days must be weekdays such as MON;THU, or daily, got "MON;"' },
      { row: 5, reason: 'cargo_cutoff_days is required with departure_days' },
      { row: 6, reason: 'doc_cutoff_days must be a whole number of days from 0 to 14, got "15"' },
      { row: 7, reason: 'free_days must be a whole number of days from 0 to 90, got "two weeks"' },
      { row: 8, reason: 'free_days must be a whole number of days from 0 to 90, got "-1"' },
      { row: 9, reason: 'free_days must be a whole number of days from 0 to 90, got "91"' },
    ])
  })

  it('refuses a lane whose rows give it two schedules', () => {
    const { problems } = parseRatesCsv(
      [header, scheduledRows[0], scheduledRows[0]?.replace('MON;THU', 'TUE').replace(',BAS,', ',BAF,')].join(
        '\n',
      ),
      ctx,
    )
    expect(problems).toEqual([
      {
        row: 3,
        reason:
          'its lane repeats with other transit days, schedule, cut-offs, free days, validity, currency or refused classes',
      },
    ])
  })

  it('writes a schedule back as it reads it, and a sheet without one with empty cells', () => {
    const { lanes } = parseRatesCsv(
      [header, ...scheduledRows, ...fclRows.map(withEmptySchedule)].join('\n'),
      ctx,
    )
    const text = formatRatesCsv(lanes.map((lane, id) => ({ ...lane, id })))
    expect(text).toContain('FCL,SGSIN,INNSA,Scheduled Line,Direct,9,MON;THU,2,3,14,2026-11-20')
    expect(text).toContain('AIR,SIN,LHR,Test Air,Daily,2,daily,1,1,,2026-11-20')
    expect(text).toContain('LCL,SGSIN,INNSA,Test Consol,Weekly,12,WED,3,3,0,2026-11-20')
    expect(text).toContain('FCL,SGSIN,INNSA,Test Line,Direct,9,,,,,2026-11-20')
    expect(parseRatesCsv(text, ctx)).toEqual({ lanes, problems: [] })
  })

  it('exports in the format it imports', () => {
    const lanes = seedLanes(today).slice(0, 12)
    const again = parseRatesCsv(formatRatesCsv(lanes.map((lane, id) => ({ ...lane, id }))), {
      isPlace: () => true,
      isCurrency: () => true,
    })
    expect(again.problems).toEqual([])
    expect(again.lanes).toEqual(lanes)
  })
})

describe('importing into the database', () => {
  it('stores every lane of a good file and nothing of a file with one bad row', async () => {
    const before = (await allLanes(database.db)).length
    const bad = await importRates(
      database.db,
      [oldHeader, ...fclRows, airRow.replace('SIN,LHR', 'SIN,ZZZ')].join('\n'),
    )
    expect(bad.problems).toEqual([{ row: 6, reason: 'destination "ZZZ" is not a known airport (IATA code)' }])
    expect((await allLanes(database.db)).length).toBe(before)

    const good = await importRates(database.db, [oldHeader, ...fclRows, airRow].join('\n'))
    expect(good).toEqual({ lanes: 2, charges: 5, problems: [] })
    expect((await allLanes(database.db)).length).toBe(before + 2)
    expect(await exportRates(database.db)).toContain(
      'FCL,SGSIN,INNSA,Test Line,Direct,9,,,,,2026-11-20,2026-12-04,USD,1;7,DOC,Documentation,origin,shipment,,,50.50,,,',
    )
  })
})

describe('the schedule in the database', () => {
  it('stores what the file says and exports it so that importing the export changes nothing', async () => {
    const imported = await importRates(database.db, [header, ...scheduledRows].join('\n'))
    expect(imported.problems).toEqual([])
    const stored = (await allLanes(database.db)).find((lane) => lane.carrier === 'Scheduled Line')
    expect(stored).toMatchObject({
      departureDays: [1, 4],
      cargoCutoffDays: 2,
      docCutoffDays: 3,
      freeDays: 14,
    })
    const before = await allLanes(database.db)
    const exported = await exportRates(database.db)
    expect(exported.split('\n')[0]).toBe(header)
    expect((await importRates(database.db, exported)).problems).toEqual([])
    expect(await allLanes(database.db)).toEqual(before)
  })

  it('seeds every sheet with a schedule, cut-offs and free days as services run', async () => {
    const seeded = (await allLanes(database.db)).filter((lane) => !lane.carrier.startsWith('Test'))
    for (const lane of seeded.filter((l) => l.carrier !== 'Scheduled Line')) {
      expect(lane.departureDays.length).toBeGreaterThan(0)
      const expected = {
        FCL: { cargo: 2, doc: 3, free: [7, 10, 14] },
        LCL: { cargo: 3, doc: 3, free: [3, 4, 5] },
        AIR: { cargo: 1, doc: 1, free: [2] },
      }[lane.mode]
      expect([lane.cargoCutoffDays, lane.docCutoffDays]).toEqual([expected.cargo, expected.doc])
      expect(expected.free).toContain(lane.freeDays)
      if (lane.mode !== 'AIR') expect(lane.departureDays.length).toBeLessThanOrEqual(2)
      else expect(lane.departureDays.length).toBeGreaterThanOrEqual(3)
    }
  })
})

// `npm run rates` is a client of the server's rate file API: tests/server/rate-files.test.ts runs it in process,
// tests/server/one-writer.test.ts as a process beside a live server.
