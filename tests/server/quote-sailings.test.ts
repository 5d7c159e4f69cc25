import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, weekdayOf } from '../../contract/dates'
import type { QuoteRequest } from '../../contract/pricing/types'
import type { CreateQuoteResponse, QuoteDetail } from '../../contract/quotes'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { ensureLocations } from '../../server/locations/locations'
import { csvColumns } from '../../server/rates/csv'
import { importRates } from '../../server/rates/import'
import { ensureSeedRates } from '../../server/rates/seed'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

// What a quote option says of its sailing or flight: computed from the sheet's schedule and the ready date.

let server: Awaited<ReturnType<typeof setupAuthServer>>
let auth: Record<string, string>
let user: Awaited<ReturnType<typeof createTestUser>>

async function logIn() {
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  auth = bearer(((await res.json()) as LoginResponse).token as string)
}

beforeAll(async () => {
  server = await setupAuthServer()
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())
  user = await createTestUser(server.db)
  await logIn()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const today = () => server.clock.now().toISOString().slice(0, 10)

async function quote(request: QuoteRequest): Promise<QuoteDetail> {
  const res = await server.app.request('/api/quotes', postJson(request, auth))
  const body = (await res.json()) as CreateQuoteResponse
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body.quote as QuoteDetail
}

async function read(number: string): Promise<QuoteDetail> {
  const res = await server.app.request(`/api/quotes/${number}`, { headers: auth })
  return ((await res.json()) as { quote: QuoteDetail }).quote
}

describe('the sailing of a quote option', () => {
  it('is the first departure of the sheet whose cut-offs fall on or after the ready date', async () => {
    const readyDate = addDays(today(), 3)
    const fcl = await quote({
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      readyDate,
      commodity: 'Machine parts',
      containers: [{ type: '40HC', count: 1 }],
    })
    expect(fcl.options.length).toBeGreaterThanOrEqual(2)
    for (const option of fcl.options) {
      const { sailing, lane } = option
      if (!sailing) throw new Error(`${option.carrier} has no sailing`)
      expect(lane.departureDays).toContain(weekdayOf(sailing.etd))
      expect(sailing.cargoCutoff).toBe(addDays(sailing.etd, -2))
      expect(sailing.docCutoff).toBe(addDays(sailing.etd, -3))
      expect(sailing.docCutoff >= readyDate).toBe(true)
      expect(sailing.etd <= addDays(readyDate, 3 + 6)).toBe(true)
      expect(sailing.eta).toBe(addDays(sailing.etd, option.transitDays))
      expect([7, 10, 14]).toContain(sailing.freeDays)
    }
    // Read back, the quote says the same.
    expect(await read(fcl.number)).toEqual(fcl)
  })

  it('follows the ready date: a later date never gives an earlier sailing', async () => {
    const request = (readyDate: string): QuoteRequest => ({
      mode: 'AIR',
      origin: 'SIN',
      destination: 'LHR',
      readyDate,
      commodity: 'Spare parts',
      cargo: { kind: 'totals', volumeCbm: 1, weightKg: 120, pieces: 2 },
    })
    const soon = await quote(request(today()))
    const later = await quote(request(addDays(today(), 2)))
    const etd = (q: QuoteDetail) => q.options[0]?.sailing?.etd ?? ''
    expect(etd(soon) >= addDays(today(), 1)).toBe(true)
    expect(etd(later) >= etd(soon)).toBe(true)
    expect(soon.options[0]?.sailing?.freeDays).toBe(2)
  })

  it('is none for a sheet without a schedule: the option keeps its transit days', async () => {
    const header = csvColumns.join(',')
    const { problems } = await importRates(
      server.db,
      [
        header,
        `FCL,SGSIN,AUSYD,No Schedule Line,Direct,12,,,,,${today()},${addDays(today(), 14)},USD,,BAS,Ocean freight,freight,container,40HC,,1,,,`,
      ].join('\n'),
    )
    expect(problems).toEqual([])
    const fcl = await quote({
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'AUSYD',
      readyDate: today(),
      commodity: 'Furniture',
      containers: [{ type: '40HC', count: 1 }],
    })
    const option = fcl.options.find((o) => o.carrier === 'No Schedule Line')
    expect(option).toMatchObject({ transitDays: 12, sailing: null })
    expect(option?.lane).toMatchObject({ departureDays: [], freeDays: null })
  })

  it('once the ready date has passed, is the first sailing whose cut-offs are still ahead', async () => {
    const fcl = await quote({
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      readyDate: today(),
      commodity: 'Machine parts',
      containers: [{ type: '40HC', count: 1 }],
    })
    server.clock.advance(10 * 86_400_000)
    await logIn()
    const later = await read(fcl.number)
    expect(later.options).toHaveLength(fcl.options.length)
    for (const option of later.options) {
      expect((option.sailing?.docCutoff ?? '') >= today()).toBe(true)
      expect(option.sailing?.etd).not.toBe(fcl.options.find((o) => o.id === option.id)?.sailing?.etd)
    }
  })
})
