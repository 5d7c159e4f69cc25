/**
 * The emissions report (docs/emissions.md "The report") through real HTTP on PGlite: a company's bookings of
 * the period's Singapore days with the figure in force (the newest count), a booking without a figure listed
 * as not counted, a cancelled one and another company's never; a Viewer reads it; a bad period is refused
 * with the schema's message; the CSV's header, rows and totals; the PDF opens and says the totals.
 */
import { parse } from 'csv-parse/sync'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import { co2eText } from '../../contract/emissions'
import {
  type EmissionsReport,
  emissionsReportMessages,
  emissionsReportPaths,
} from '../../contract/emissions-report'
import { emissionsCsvColumns } from '../../server/emissions/report'
import type { Auth } from './booking-helpers'
import { type ChargeServer, setupChargeServer } from './charges-helpers'
import { postJson } from './helpers'
import { pdfText } from './pdf-text'

let server: ChargeServer
let alice: Auth
let viewer: Auth
let bob: Auth
/** Alice's bookings: counted twice (a route confirmed through Colombo), counted, not counted, cancelled, May's. */
const booked = { rerouted: '', counted: '', notCounted: '', cancelled: '', may: '' }
let bobBooking = ''

const june = '?from=2025-06&to=2025-06'
const json = async <T>(res: Response) => (await res.json()) as T
const detail = async (number: string) =>
  json<BookingDetail>(await server.call(alice, `/api/bookings/${number}`))
const idOf = async (number: string) =>
  (await server.db.selectFrom('bookings').select('id').where('number', '=', number).executeTakeFirstOrThrow())
    .id

beforeAll(async () => {
  server = await setupChargeServer()
  ;[alice, bob] = await Promise.all([server.login(), server.login()])
  viewer = await server.colleague(alice.email, 'viewer')
  for (const key of Object.keys(booked) as (keyof typeof booked)[]) booked[key] = await server.book(alice)
  bobBooking = await server.book(bob)
  await server.confirm(booked.rerouted, { transshipment: 'LKCMB' })
  const cancelled = await server.call(alice, `/api/bookings/${booked.cancelled}/cancel`, postJson({}))
  expect(cancelled.status).toBe(200)
  await server.db
    .deleteFrom('booking_emissions')
    .where('booking_id', '=', await idOf(booked.notCounted))
    .execute()
  // Booked a minute before 1 June in Singapore (31 May, 16:00 UTC): May's, not June's.
  await server.db
    .updateTable('bookings')
    .set({ created_at: new Date('2025-05-31T15:59:00Z') })
    .where('id', '=', await idOf(booked.may))
    .execute()
  // And one at midnight, 1 June, Singapore: June's.
  await server.db
    .updateTable('bookings')
    .set({ created_at: new Date('2025-05-31T16:00:00Z') })
    .where('id', '=', await idOf(booked.counted))
    .execute()
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

describe("a company's emissions report", () => {
  it("lists the period's bookings with the figure in force, the cancelled and another company's left out", async () => {
    const res = await server.call(alice, emissionsReportPaths.report + june)
    expect(res.status).toBe(200)
    const report = await json<EmissionsReport>(res)
    expect(report.period).toEqual({
      from: '2025-06',
      to: '2025-06',
      firstDay: '2025-06-01',
      lastDay: '2025-06-30',
    })
    expect(report.bookings.map((b) => b.number)).toEqual([booked.counted, booked.rerouted, booked.notCounted])
    expect(report.bookings.map((b) => b.bookedOn)).toEqual(['2025-06-01', '2025-06-02', '2025-06-02'])
    const rerouted = await detail(booked.rerouted)
    const counted = await detail(booked.counted)
    const [first, second, third] = report.bookings
    expect(first?.figure).toMatchObject({
      wtwGrams: counted.emissions?.figure.wtwGrams,
      massKg: 36_800,
      massBasis: 'declared',
      reason: 'booked',
      countedText: 'when booked',
    })
    // The newest count: through Colombo, two sea legs summed.
    expect(rerouted.emissions?.reason).toBe('route confirmed')
    expect(second?.figure).toMatchObject({
      wtwGrams: rerouted.emissions?.figure.wtwGrams,
      ttwGrams: rerouted.emissions?.figure.ttwGrams,
      distanceKm: (rerouted.emissions?.figure.legs ?? []).reduce((sum, leg) => sum + leg.distanceKm, 0),
      reason: 'route confirmed',
      factorsVersion: rerouted.emissions?.factors.version,
      factorsSource: rerouted.emissions?.factors.source,
    })
    expect(second?.origin).toEqual({ code: 'SGSIN', name: 'Singapore' })
    expect(third?.figure).toBeNull()
    const wtw = (counted.emissions?.figure.wtwGrams ?? 0) + (rerouted.emissions?.figure.wtwGrams ?? 0)
    expect(report.totals).toEqual({
      bookings: 3,
      counted: 2,
      notCounted: 1,
      wtwGrams: wtw,
      ttwGrams: (counted.emissions?.figure.ttwGrams ?? 0) + (rerouted.emissions?.figure.ttwGrams ?? 0),
    })
    expect(report.byMode.find((sum) => sum.mode === 'FCL')?.wtwGrams).toBe(wtw)
    expect(report.factors.map((f) => f.version)).toEqual([rerouted.emissions?.factors.version])
  })

  it("gives May's booking to May, and Bob his own company's only", async () => {
    const may = await json<EmissionsReport>(
      await server.call(alice, `${emissionsReportPaths.report}?from=2025-05&to=2025-05`),
    )
    expect(may.bookings.map((b) => b.number)).toEqual([booked.may])
    const bobs = await json<EmissionsReport>(await server.call(bob, emissionsReportPaths.report + june))
    expect(bobs.bookings.map((b) => b.number)).toEqual([bobBooking])
    expect(bobs.company.id).not.toBe(may.company.id)
    expect((await server.app.request(emissionsReportPaths.report + june)).status).toBe(401)
  })

  it('is read by a Viewer of the company, in each of its forms', async () => {
    for (const path of Object.values(emissionsReportPaths)) {
      const res = await server.call(viewer, path + june)
      expect(res.status, path).toBe(200)
    }
    const report = await json<EmissionsReport>(await server.call(viewer, emissionsReportPaths.report + june))
    expect(report.totals.bookings).toBe(3)
  })

  it('refuses a bad period with 422 and the message of the schema', async () => {
    const cases = [
      ['?from=2025-07&to=2025-06', emissionsReportMessages.periodOrder],
      ['?from=2023-01&to=2025-01', emissionsReportMessages.periodTooLong],
      ['?from=2025-13&to=2025-06', emissionsReportMessages.monthFormat],
      ['?from=2025-06-01&to=2025-06', emissionsReportMessages.monthFormat],
      ['?to=2025-06', emissionsReportMessages.fromRequired],
    ] as const
    for (const path of Object.values(emissionsReportPaths))
      for (const [query, message] of cases) {
        const res = await server.call(alice, path + query)
        expect(res.status, path + query).toBe(422)
        expect((await json<{ message: string }>(res)).message, path + query).toBe(message)
      }
  })
})

describe('the files', () => {
  it('CSV: a header, one row per booking, then the totals by mode, by month and of the period', async () => {
    const res = await server.call(alice, emissionsReportPaths.csv + june)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('2025-06-to-2025-06.csv')
    const text = await res.text()
    expect(text.split('\r\n')[0]).toBe(emissionsCsvColumns.join(','))
    const rows = parse(text) as string[][]
    const report = await json<EmissionsReport>(await server.call(alice, emissionsReportPaths.report + june))
    expect(rows).toHaveLength(1 + 3 + 3 + 1 + 1)
    const [b, , none] = report.bookings
    const f = b?.figure
    const kg = (grams: number) => (Math.round(grams / 100) / 10).toFixed(1)
    const place = (p: { code: string; name: string } | undefined) => [p?.code, p?.name]
    expect(rows[1]).toEqual(
      [
        booked.counted,
        '2025-06-01',
        'FCL',
        ...place(b?.origin),
        ...place(b?.destination),
        b?.carrier,
        '36800.0',
        'declared',
        f?.distanceKm,
        kg(f?.wtwGrams ?? 0),
        kg(f?.ttwGrams ?? 0),
        f?.wtwGrams,
        f?.ttwGrams,
        f?.factorsVersion,
        f?.factorsSource,
        'when booked',
        f?.countedAt,
      ].map(String),
    )
    expect(rows[3]).toEqual(
      [
        booked.notCounted,
        '2025-06-02',
        'FCL',
        ...place(none?.origin),
        ...place(none?.destination),
        none?.carrier,
        ...Array(9).fill(''),
        'not counted',
        '',
      ].map(String),
    )
    const { wtwGrams, ttwGrams } = report.totals
    expect(rows.at(-1)).toEqual([
      'Total 2025-06 to 2025-06',
      ...Array(10).fill(''),
      kg(wtwGrams),
      kg(ttwGrams),
      String(wtwGrams),
      String(ttwGrams),
      '',
      '',
      '2 counted, 1 not counted',
      '',
    ])
    expect(rows.slice(4, 8).map((row) => row[0])).toEqual([
      'Total FCL',
      'Total LCL',
      'Total AIR',
      'Total 2025-06',
    ])
    expect(rows[4]?.[13]).toBe(String(wtwGrams))
  })

  it('PDF: opens and says the company, the period, the totals, each booking and the factors', async () => {
    const res = await server.call(alice, emissionsReportPaths.pdf + june)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain('2025-06-to-2025-06.pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const doc = await PDFDocument.load(bytes)
    expect(doc.getTitle()).toBe('Emissions report, Test Trading Pte Ltd, Jun 2025')
    const report = await json<EmissionsReport>(await server.call(alice, emissionsReportPaths.report + june))
    const text = pdfText(bytes)
    for (const words of [
      'Emissions report',
      'Test Trading Pte Ltd',
      co2eText(report.totals.wtwGrams),
      co2eText(report.totals.ttwGrams),
      booked.counted,
      booked.notCounted,
      'Not counted',
      'ISO 14083:2023',
      'Container ship, dry',
      'GLEC v3.1 container ship (dry) trade-lane average',
      'Default factors',
    ])
      expect(text).toContain(words)
  })
})
