/**
 * The pricing desk's rate files (issue 23; docs/pricing.md, "The pricing desk"): the dry run's exact report,
 * refused rows, the tariff semantics of removal, apply all or nothing with its audit row, quotes keeping their
 * price, the roles and key scopes, the list, and `npm run rates` as a client of the API.
 */
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, singaporeDateOf } from '../../contract/dates'
import type { RateLane } from '../../contract/pricing/types'
import type { CreateQuoteResponse, QuoteDetail } from '../../contract/quotes'
import {
  rateFileApiPaths as paths,
  RATE_FILE_MAX_BYTES,
  type RateFileApplied,
  type RateFileRefusal,
  type RateFileReport,
  type RateSheetDetail,
  type RateSheetPage,
  rateFileMessages,
} from '../../contract/rate-files'
import { runRates } from '../../scripts/rates'
import { listAudit } from '../../server/audit/audit'
import { insertKey } from '../../server/keys/keys'
import { formatRatesCsv, type NewLane } from '../../server/rates/csv'
import { allLanes } from '../../server/rates/reference-rates'
import { type Auth, type BookingServer, OPS_KEY, setupBookingServer } from './booking-helpers'
import { postJson } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

let server: BookingServer
let customer: Auth
let pricing: string
let sales: string
let pricingEmail: string
let today: string
let staffId: number

const CARRIER = 'Tariff Test Line'

/** A sheet of the test carrier: USD lines only, so that 10 % dearer is exact in every total. */
function sheet(overrides: Partial<NewLane> & { scale?: number } = {}): NewLane {
  const { scale = 1, ...rest } = overrides
  const mode = rest.mode ?? 'FCL'
  const charges: NewLane['charges'] =
    mode === 'FCL'
      ? [
          {
            code: 'BAS',
            name: 'Ocean freight',
            side: 'freight',
            basis: 'container',
            containerType: '40GP',
            currency: 'USD',
            amount: 100_000 * scale,
            minimum: 0,
          },
          {
            code: 'BAS',
            name: 'Ocean freight',
            side: 'freight',
            basis: 'container',
            containerType: '40HC',
            currency: 'USD',
            amount: 120_000 * scale,
            minimum: 0,
          },
          {
            code: 'DOC',
            name: 'Documentation',
            side: 'origin',
            basis: 'shipment',
            currency: 'USD',
            amount: 5_000 * scale,
            minimum: 0,
          },
        ]
      : [
          {
            code: 'OFR',
            name: 'Ocean freight (W/M)',
            side: 'freight',
            basis: 'wm',
            currency: 'USD',
            amount: 4_500 * scale,
            minimum: 4_500 * scale,
          },
        ]
  return {
    mode,
    origin: 'SGSIN',
    destination: 'INNSA',
    carrier: CARRIER,
    service: 'Direct',
    transitDays: 9,
    departureDays: [3],
    cargoCutoffDays: 2,
    docCutoffDays: 3,
    freeDays: 14,
    validFrom: addDays(today, -3),
    validTo: addDays(today, 10),
    currency: 'USD',
    refusedDgClasses: ['1', '7'],
    charges: charges.map((c) => ({ ...c, amount: Math.round(c.amount), minimum: Math.round(c.minimum) })),
    ...rest,
  }
}

const csvOf = (lanes: NewLane[]) => formatRatesCsv(lanes.map((lane, id) => ({ ...lane, id }) as RateLane))

const staff = (token: string) => ({ Authorization: `Bearer ${token}` })
const send = (path: string, body: unknown, headers: Record<string, string>) =>
  server.app.request(path, postJson(body, headers))
const dryRun = async (csv: string, name = 'tariff.csv') => {
  const res = await send(paths.staffDryRun, { name, csv }, staff(pricing))
  expect(res.status).toBe(200)
  return (await res.json()) as RateFileReport
}
const apply = async (csv: string, name = 'tariff.csv') => {
  const res = await send(paths.staffApply, { name, csv }, staff(pricing))
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as RateFileApplied).report
}
const sheetsOf = async (carrier: string) =>
  (await allLanes(server.db)).filter((lane) => lane.carrier === carrier).map(({ id: _id, ...lane }) => lane)

/** The lanes of the base tariff: two FCL lanes in force, one LCL lane of the same carrier. */
const base = () => [
  sheet(),
  sheet({ destination: 'CNSHA' }),
  sheet({ mode: 'LCL', service: 'Consolidation' }),
]

beforeAll(async () => {
  server = await setupBookingServer()
  customer = await server.login()
  today = singaporeDateOf(server.clock.now())
  const pricingStaff = await createTestStaff(server.db, ['pricing'], server.clock.now())
  pricingEmail = pricingStaff.email
  staffId = pricingStaff.id
  pricing = await staffToken(server.app, pricingStaff, server.clock.now())
  sales = await staffToken(
    server.app,
    await createTestStaff(server.db, ['sales', 'admin', 'operations'], server.clock.now()),
    server.clock.now(),
  )
}, 120_000)

describe('the dry run', () => {
  it('reports exactly: a file 10 % dearer on one lane shows that lane changed by +10.0 %, and writes nothing', async () => {
    const first = await apply(csvOf(base()))
    expect(first.added.map((s) => `${s.mode} ${s.destination}`)).toEqual([
      'FCL CNSHA',
      'FCL INNSA',
      'LCL INNSA',
    ])
    expect(first.added[1]?.reference).toEqual({ label: '1 × 40GP', totalUsd: 105_000 })
    expect(first.added[2]?.reference).toEqual({ label: '2 cbm / 500 kg', totalUsd: 9_000 })
    const stored = await sheetsOf(CARRIER)

    const dearer = [
      sheet({ scale: 1.1 }),
      sheet({ destination: 'CNSHA' }),
      sheet({ mode: 'LCL', service: 'Consolidation' }),
    ]
    const report = await dryRun(csvOf(dearer))
    expect(report.refused).toEqual([])
    expect(report.added).toEqual([])
    expect(report.removed).toEqual([])
    expect(report.unchanged).toBe(2)
    expect(report.changed).toEqual([
      {
        mode: 'FCL',
        origin: 'SGSIN',
        destination: 'INNSA',
        carrier: CARRIER,
        service: 'Direct',
        validFrom: addDays(today, -3),
        validTo: addDays(today, 10),
        previousValidTo: addDays(today, 10),
        referenceLabel: '1 × 40GP',
        beforeUsd: 105_000,
        afterUsd: 115_500,
        changePercent: 10,
      },
    ])
    expect(report.tariffs).toEqual([
      { mode: 'FCL', carrier: CARRIER },
      { mode: 'LCL', carrier: CARRIER },
    ])
    expect(report.sheets).toBe(3)
    expect(report.charges).toBe(7)
    expect(await sheetsOf(CARRIER)).toEqual(stored)
  })

  it('names every refused row with the CLI’s reasons, and the apply refuses it whole (422), nothing written', async () => {
    const good = csvOf([sheet({ scale: 2 })])
    const lines = good.trim().split('\n')
    const bad = [
      ...lines,
      lines[1]?.replace(',40GP,', ',40XX,').replace('Ocean freight', 'Other freight'),
      lines[3]?.replace('SGSIN', 'ZZZZZ'),
    ].join('\n')
    const report = await dryRun(bad)
    const refused = [
      { row: 5, reason: 'container_type must be one of 20GP, 40GP, 40HC, 45HC, 20RF, 40RF, got "40XX"' },
      { row: 6, reason: 'origin "ZZZZZ" is not a known port (UN/LOCODE)' },
    ]
    expect(report.refused).toEqual(refused)
    expect([report.added, report.changed, report.removed, report.unchanged]).toEqual([[], [], [], 0])

    const before = await sheetsOf(CARRIER)
    const audits = (await listAudit(server.db, { action: 'rates.applied' })).events.length
    const res = await send(paths.staffApply, { name: 'bad.csv', csv: bad }, staff(pricing))
    expect(res.status).toBe(422)
    expect((await res.json()) as RateFileRefusal).toEqual({
      message: 'Nothing applied: 2 rows refused.',
      errors: { csv: refused.map((r) => `Row ${r.row}: ${r.reason}`) },
      refused,
    })
    expect(await sheetsOf(CARRIER)).toEqual(before)
    expect((await listAudit(server.db, { action: 'rates.applied' })).events).toHaveLength(audits)
  })

  it('refuses a body past the limit with 413 and a file that is no CSV with its reason', async () => {
    const big = 'x'.repeat(RATE_FILE_MAX_BYTES + 1024 * 1024 + 1)
    const res = await send(paths.staffDryRun, { name: 'big.csv', csv: big }, staff(pricing))
    expect(res.status).toBe(413)
    const empty = await send(paths.staffDryRun, { name: 'empty.csv', csv: '' }, staff(pricing))
    expect(empty.status).toBe(422)
    expect(((await empty.json()) as RateFileRefusal).errors?.csv).toEqual(['The file is empty.'])
    const header = await dryRun('mode,origin\nFCL,SGSIN')
    expect(header.refused[0]?.row).toBe(1)
    expect(header.refused[0]?.reason).toMatch(/^the header lacks destination, carrier/)
  })
})

describe('apply', () => {
  it('replaces the listed sheets, ends or deletes the unlisted ones of the tariff, leaves the rest, in one audit row', async () => {
    const other = 'Other Tariff Line'
    await apply(csvOf([sheet({ carrier: other })]), 'other.csv')
    // The carrier's FCL tariff now: INNSA and CNSHA in force, one upcoming, one begun today, one ended.
    await apply(
      csvOf([
        ...base(),
        sheet({ destination: 'AUSYD', validFrom: addDays(today, 5), validTo: addDays(today, 20) }),
        sheet({ destination: 'NLRTM', validFrom: today }),
        sheet({ destination: 'USLAX', validFrom: addDays(today, -20), validTo: addDays(today, -1) }),
      ]),
    )
    const otherBefore = await sheetsOf(other)

    const file = csvOf([sheet({ scale: 1.1 })])
    const report = await dryRun(file, 'innsa-only.csv')
    expect(report.changed.map((s) => [s.destination, s.changePercent])).toEqual([['INNSA', 10]])
    expect(report.removed.map((s) => [s.destination, s.outcome, s.endsOn])).toEqual([
      ['AUSYD', 'deleted', null],
      ['CNSHA', 'ended', addDays(today, -1)],
      ['NLRTM', 'deleted', null],
    ])
    expect(report.tariffs).toEqual([{ mode: 'FCL', carrier: CARRIER }])

    const applied = await apply(file, 'innsa-only.csv')
    expect(applied).toEqual(report)
    const after = await sheetsOf(CARRIER)
    const byDestination = (mode: string, destination: string) =>
      after.filter((s) => s.mode === mode && s.destination === destination)
    expect(byDestination('FCL', 'INNSA')).toEqual([sheet({ scale: 1.1 })])
    expect(byDestination('FCL', 'CNSHA')).toEqual([
      { ...sheet({ destination: 'CNSHA' }), validTo: addDays(today, -1) },
    ])
    expect(byDestination('FCL', 'AUSYD')).toEqual([])
    expect(byDestination('FCL', 'NLRTM')).toEqual([])
    // History and other tariffs are untouched: the ended USLAX sheet, the LCL lane, the other carrier.
    expect(byDestination('FCL', 'USLAX')).toHaveLength(1)
    expect(byDestination('LCL', 'INNSA')).toEqual([sheet({ mode: 'LCL', service: 'Consolidation' })])
    expect(await sheetsOf(other)).toEqual(otherBefore)

    const [event] = (await listAudit(server.db, { action: 'rates.applied', limit: 1 })).events
    expect(event).toMatchObject({
      actor: { kind: 'staff', staffId, role: 'pricing', label: pricingEmail },
      record: { type: 'rate_file', id: createHash('sha256').update(file).digest('hex') },
      customerId: null,
    })
    expect(event?.changes).toEqual({
      file: { before: null, after: 'innsa-only.csv' },
      bytes: { before: null, after: Buffer.byteLength(file) },
      sha256: { before: null, after: createHash('sha256').update(file).digest('hex') },
      tariffs: { before: null, after: `FCL ${CARRIER}` },
      sheets: { before: null, after: 1 },
      charges: { before: null, after: 3 },
      added: { before: null, after: 0 },
      changed: { before: null, after: 1 },
      removed: { before: null, after: 3 },
      unchanged: { before: null, after: 0 },
    })
  })

  it('leaves quotes already made at their price; a new quote takes the new one', async () => {
    await apply(csvOf(base()))
    const quote = async () => {
      const res = await server.call(customer, '/api/quotes', postJson(server.fcl()))
      expect(res.status).toBe(201)
      return ((await res.json()) as CreateQuoteResponse).quote as QuoteDetail
    }
    const optionTotal = (q: QuoteDetail) => q.options.find((o) => o.carrier === CARRIER)?.totalUsd
    const older = await quote()
    // server.fcl(): two 40HC and the documentation fee.
    expect(optionTotal(older)).toBe(2 * 120_000 + 5_000)

    await apply(
      csvOf([
        sheet({ scale: 1.1 }),
        sheet({ destination: 'CNSHA' }),
        sheet({ mode: 'LCL', service: 'Consolidation' }),
      ]),
    )
    const again = await server.call(customer, `/api/quotes/${older.number}`)
    const kept = ((await again.json()) as { quote: QuoteDetail }).quote
    expect(optionTotal(kept)).toBe(2 * 120_000 + 5_000)
    expect(kept.options.find((o) => o.carrier === CARRIER)?.lane.charges[0]?.amount).toBe(100_000)
    expect(optionTotal(await quote())).toBe(2 * 132_000 + 5_500)
  })
})

describe('who may', () => {
  it('lets the Pricing role alone use the desk: 401 without a session, 403 for other roles', async () => {
    const file = { name: 'x.csv', csv: csvOf(base()) }
    for (const [method, path] of [
      ['GET', paths.sheets],
      ['POST', paths.staffDryRun],
      ['POST', paths.staffApply],
    ] as const) {
      const init = (headers: Record<string, string>) =>
        method === 'GET' ? { headers } : postJson(file, headers)
      const refused = await server.app.request(path, init(staff(sales)))
      expect(refused.status, path).toBe(403)
      expect(await refused.json()).toEqual({ message: 'This needs the Pricing role.' })
      expect((await server.app.request(path, init({}))).status, path).toBe(401)
      expect((await server.app.request(path, init(customer))).status, path).toBe(401)
    }
  })

  it('takes integration keys with rates:write (recorded by name), refuses others, and exports what it holds', async () => {
    const scoped = await insertKey(
      server.db,
      { name: 'tariff feed', scopes: ['rates:write'], staffId },
      server.clock.now(),
    )
    const unscoped = await insertKey(
      server.db,
      { name: 'tracking feed', scopes: ['events:write'], staffId },
      server.clock.now(),
    )
    const file = { name: 'feed.csv', csv: csvOf(base()) }
    const key = (secret: string | undefined) => ({ 'X-API-Key': secret ?? '' })

    const lacking = await send(paths.opsApply, file, key(unscoped?.secret))
    expect(lacking.status).toBe(403)
    expect(await lacking.json()).toEqual({ message: 'This key lacks the rates:write scope.' })
    expect((await send(paths.opsDryRun, file, key('esk_unknown'))).status).toBe(401)
    expect((await server.app.request(paths.opsExport)).status).toBe(401)

    const checked = await send(paths.opsDryRun, file, key(scoped?.secret))
    expect(checked.status).toBe(200)
    const applied = await send(paths.opsApply, file, key(scoped?.secret))
    expect(applied.status).toBe(200)
    const [event] = (await listAudit(server.db, { action: 'rates.applied', limit: 1 })).events
    expect(event?.actor).toMatchObject({ kind: 'key', label: 'key:tariff feed' })
    expect((await send(paths.opsApply, file, key(OPS_KEY))).status).toBe(200)
    const [byOps] = (await listAudit(server.db, { action: 'rates.applied', limit: 1 })).events
    expect(byOps?.actor).toMatchObject({ kind: 'key', label: 'OPS_API_KEY' })

    const exported = await server.app.request(paths.opsExport, { headers: key(scoped?.secret) })
    expect(exported.status).toBe(200)
    expect(exported.headers.get('Content-Type')).toMatch(/^text\/csv/)
    const csv = await exported.text()
    expect(csv).toContain(CARRIER)
    // Applying the export changes nothing, whichever tariffs it names.
    const again = await dryRun(csv, 'export.csv')
    expect([again.refused, again.added, again.changed, again.removed]).toEqual([[], [], [], []])
    expect(again.unchanged).toBe(again.sheets)
  })
})

describe('the list', () => {
  it('filters, prices each sheet for its reference shipment and flags lanes whose every sheet ends within 7 days', async () => {
    await apply(
      csvOf([
        ...base(),
        sheet({ destination: 'AUSYD', validTo: addDays(today, 3) }),
        sheet({ destination: 'CNSHA', validFrom: addDays(today, 11), validTo: addDays(today, 40) }),
      ]),
    )
    const list = async (query: string) => {
      const res = await server.app.request(`${paths.sheets}?${query}`, { headers: staff(pricing) })
      expect(res.status, await res.clone().text()).toBe(200)
      return (await res.json()) as RateSheetPage
    }
    const mine = await list(`carrier=${encodeURIComponent('tariff test')}&mode=FCL`)
    expect(mine.today).toBe(today)
    expect(mine.sheets.map((s) => [s.destination, s.status, s.laneExpiring])).toEqual([
      ['AUSYD', 'current', true],
      ['CNSHA', 'current', false],
      ['CNSHA', 'upcoming', false],
      ['INNSA', 'current', false],
    ])
    expect(mine.sheets[0]).toMatchObject({ reference: { label: '1 × 40GP', totalUsd: 105_000 }, charges: 3 })
    expect((await list('validity=expiring&carrier=tariff')).sheets.map((s) => s.destination)).toEqual([
      'AUSYD',
    ])
    expect((await list('validity=upcoming&carrier=tariff')).sheets.map((s) => s.destination)).toEqual([
      'CNSHA',
    ])
    expect((await list('origin=sgsin&destination=INNSA&carrier=tariff&mode=LCL')).sheets).toHaveLength(1)
    const all = await list('')
    expect(all.total).toBeGreaterThan(50)
    expect(all.sheets).toHaveLength(50)
    expect((await list('page=2')).sheets[0]).not.toEqual(all.sheets[0])
    const bad = await server.app.request(`${paths.sheets}?validity=soon&origin=x`, {
      headers: staff(pricing),
    })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as RateFileRefusal).errors).toMatchObject({
      validity: ['Must be current, upcoming or expiring.'],
      origin: ['Must be a UN/LOCODE or IATA code, such as SGSIN or SIN.'],
    })
  })
})

describe('a sheet opened', () => {
  it('shows its lines, schedule and lane, read-only, to Pricing and Admin; 403 for other roles, 404 for none', async () => {
    const later = { validFrom: addDays(today, 11), validTo: addDays(today, 40) }
    await apply(csvOf([...base(), sheet(later)]))
    const res = await server.app.request(
      `${paths.sheets}?carrier=${encodeURIComponent(CARRIER)}&mode=FCL&destination=INNSA`,
      {
        headers: staff(pricing),
      },
    )
    const [current, upcoming] = ((await res.json()) as RateSheetPage).sheets
    if (!current || !upcoming) throw new Error('the tariff’s two INNSA sheets')
    const open = (id: number | string, headers: Record<string, string>) =>
      server.app.request(paths.sheet(id), { headers })
    const answer = await open(current.id, staff(pricing))
    expect(answer.status, await answer.clone().text()).toBe(200)
    const detail = (await answer.json()) as RateSheetDetail
    expect(detail.sheet).toEqual(current)
    expect(detail.schedule).toEqual({
      departureDays: [3],
      cargoCutoffDays: 2,
      docCutoffDays: 3,
      freeDays: 14,
    })
    expect(detail.refusedDgClasses).toEqual(['1', '7'])
    // Every line, in the file's order, as it was written.
    expect(detail.charges).toEqual(sheet().charges)
    expect(detail.laneSheets).toEqual([{ id: upcoming.id, ...later, status: 'upcoming' }])
    expect(detail.today).toBe(today)

    const admin = await staffToken(
      server.app,
      await createTestStaff(server.db, ['admin'], server.clock.now()),
      server.clock.now(),
    )
    expect((await open(current.id, staff(admin))).status).toBe(200)
    const operations = await staffToken(
      server.app,
      await createTestStaff(server.db, ['operations', 'sales'], server.clock.now()),
      server.clock.now(),
    )
    const refused = await open(current.id, staff(operations))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ message: 'This needs the Pricing or Admin role.' })
    expect((await open(current.id, {})).status).toBe(401)
    const none = await open(999_999_999, staff(pricing))
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ message: rateFileMessages.sheetNotFound })
    expect((await open('first', staff(pricing))).status).toBe(422)
  })
})

describe('npm run rates', () => {
  const io = (files: Record<string, string>) => {
    const out: string[] = []
    const err: string[] = []
    return {
      out,
      err,
      io: {
        env: { OPS_API_KEY: OPS_KEY, OPS_API_URL: 'http://eship.test' },
        fetch: ((url: string, init?: RequestInit) =>
          server.app.request(new URL(url).pathname, init)) as typeof fetch,
        out: (line: string) => out.push(line),
        err: (line: string) => err.push(line),
        readFile: async (path: string) => {
          const text = files[path]
          if (text === undefined) throw new Error('no such file')
          return text
        },
        writeFile: async (path: string, text: string) => {
          files[path] = text
        },
      },
    }
  }

  it('prints the dry run, applies unless --dry-run, names refused rows and exits 1, exports through the API', async () => {
    await apply(csvOf(base()))
    const files: Record<string, string> = {
      'dearer.csv': csvOf([
        sheet({ scale: 1.1 }),
        sheet({ destination: 'CNSHA' }),
        sheet({ mode: 'LCL', service: 'Consolidation' }),
      ]),
      'bad.csv': csvOf([sheet()]).replace('1000.00', 'six hundred'),
    }
    const before = await sheetsOf(CARRIER)
    const dry = io(files)
    expect(await runRates(['import', 'dearer.csv', '--dry-run'], dry.io)).toBe(0)
    expect(dry.out).toContain('Changed (1):')
    expect(dry.out).toContain(
      `  FCL SGSIN → INNSA ${CARRIER} / Direct, ${addDays(today, -3)} to ${addDays(today, 10)}: 1 × 40GP USD 1,050.00 → USD 1,155.00 (+10.0%)`,
    )
    expect(dry.out).toContain('Unchanged: 2')
    expect(dry.out.at(-1)).toBe('Dry run: nothing applied.')
    expect(await sheetsOf(CARRIER)).toEqual(before)

    const real = io(files)
    expect(await runRates(['import', 'dearer.csv'], real.io)).toBe(0)
    expect(real.out.at(-1)).toBe(
      'Applied: 0 added, 1 changed, 0 removed, 2 unchanged (3 sheet(s) with 7 charge line(s)).',
    )
    expect((await sheetsOf(CARRIER)).find((s) => s.destination === 'INNSA' && s.mode === 'FCL')).toEqual(
      sheet({ scale: 1.1 }),
    )

    const refused = io(files)
    expect(await runRates(['import', 'bad.csv'], refused.io)).toBe(1)
    expect(refused.err).toEqual([
      'Row 2: amount must be an amount with at most 2 decimals, got "six hundred"',
      'Nothing imported: 1 bad row(s).',
    ])

    const exported = io(files)
    expect(await runRates(['export', 'out.csv'], exported.io)).toBe(0)
    expect(files['out.csv']).toContain(CARRIER)
    const wrongKey = io(files)
    expect(await runRates(['export', '--key', 'nope'], wrongKey.io)).toBe(1)
    expect(wrongKey.err[0]).toContain('Refused (401)')
    expect(await runRates(['nonsense'], io(files).io)).toBe(2)
  })
})
