import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureLocations } from '../../server/locations/locations'
import { csvColumns, formatRatesCsv, parseRatesCsv } from '../../server/rates/csv'
import { exportRates, importRates } from '../../server/rates/import'
import { allLanes } from '../../server/rates/reference-rates'
import { ensureSeedRates, seedLanes } from '../../server/rates/seed'
import { openTestDatabase, type TestDatabase } from './helpers'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
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
const airRow =
  'AIR,SIN,LHR,Test Air,General cargo,2,2026-11-20,2026-11-27,USD,,AFR,Air freight,freight,kg,,,,80,-45=4.60;+45=3.90;+100=3.50,'

describe('the rate file', () => {
  it('reads lanes with their charge lines, money into minor units', () => {
    const { lanes, problems } = parseRatesCsv([header, ...fclRows, airRow].join('\n'), ctx)
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
      header,
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
      { row: 7, reason: 'its lane repeats with other transit days, validity, currency or refused classes' },
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
      [header, ...fclRows, airRow.replace('SIN,LHR', 'SIN,ZZZ')].join('\n'),
    )
    expect(bad.problems).toEqual([{ row: 6, reason: 'destination "ZZZ" is not a known airport (IATA code)' }])
    expect((await allLanes(database.db)).length).toBe(before)

    const good = await importRates(database.db, [header, ...fclRows, airRow].join('\n'))
    expect(good).toEqual({ lanes: 2, charges: 5, problems: [] })
    expect((await allLanes(database.db)).length).toBe(before + 2)
    expect(await exportRates(database.db)).toContain(
      'FCL,SGSIN,INNSA,Test Line,Direct,9,2026-11-20,2026-12-04,USD,1;7,DOC,Documentation,origin,shipment,,,50.50,,,',
    )
  })
})

describe('npm run rates', () => {
  it('imports a file, or names its bad rows and exits 1; exports what it holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eship-rates-'))
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/rates.ts', ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, PGLITE_DIR: join(dir, 'db') },
      }).then(
        (out) => ({ code: 0, ...out }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
    try {
      await writeFile(join(dir, 'good.csv'), [header, ...fclRows].join('\n'))
      await writeFile(join(dir, 'bad.csv'), [header, fclRows[0]?.replace('653', 'six hundred')].join('\n'))
      const bad = await run('import', join(dir, 'bad.csv'))
      expect(bad.code).toBe(1)
      expect(bad.stderr).toContain(
        'Row 2: amount must be an amount with at most 2 decimals, got "six hundred"',
      )
      expect(bad.stderr).toContain('Nothing imported: 1 bad row(s).')
      const good = await run('import', join(dir, 'good.csv'))
      expect(good).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Imported 1 lane(s) with 4 charge line(s).'),
      })
      const exported = await run('export')
      expect(exported.stdout.split('\n')[0]).toBe(header)
      expect(exported.stdout).toContain('Test Line')
      expect((await run('nonsense')).code).toBe(2)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
