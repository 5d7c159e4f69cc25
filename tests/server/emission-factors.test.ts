/**
 * The emission factors table's API (issue 38; docs/emissions.md, "Updating the factors"): for the Pricing role
 * alone; the dry run writes nothing; the apply writes the version with its audit row, refuses a name used
 * already (409); a quote made afterwards carries the new version, a booking made before keeps its figure and
 * the factors it was counted with. The schema's messages and the dry run's numbers are the contract's tests.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import {
  type EmissionFactorsHistory,
  emissionFactorMessages,
  type FactorsDryRun,
  emissionFactorsApiPaths as paths,
  REFERENCE_CARRIAGES,
} from '../../contract/emission-factors'
import { DEFAULT_EMISSION_FACTORS as defaults, type EmissionFactorKey } from '../../contract/emissions'
import type { CreateQuoteResponse } from '../../contract/quotes'
import type { ErrorBody } from '../../contract/wire'
import { listAudit } from '../../server/audit/audit'
import { carriageLeg } from '../../server/emissions/carriage'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { postJson } from './helpers'
import { createTestStaff, staffToken, type TestStaff } from './staff-helpers'

let server: BookingServer
let customer: Auth
let pricing: string
let others: string
let pricingStaff: TestStaff

const staff = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The defaults as a new version `version`, with some numbers replaced. */
const version = (
  name: string,
  changes: Partial<Record<EmissionFactorKey, { wtwGPerTkm?: number; ttwGPerTkm?: number }>> = {},
) => ({
  version: name,
  source: 'GLEC Framework v3.2 (licensed copy)',
  note: 'Sea confirmed against the licensed copy.',
  factors: Object.fromEntries(
    Object.entries(defaults.factors).map(([key, f]) => [
      key,
      { wtwGPerTkm: f.wtwGPerTkm, ttwGPerTkm: f.ttwGPerTkm, ...changes[key as EmissionFactorKey] },
    ]),
  ),
})
const dearerSea = (name: string) => version(name, { 'sea-container': { wtwGPerTkm: 9.8, ttwGPerTkm: 8.2 } })

const post = (path: string, body: unknown, token = pricing) =>
  server.app.request(path, postJson(body, staff(token)))
const history = async () => {
  const res = await server.app.request(paths.table, { headers: staff(pricing) })
  expect(res.status).toBe(200)
  return (await res.json()) as EmissionFactorsHistory
}
const rows = () => server.db.selectFrom('emission_factor_versions').selectAll().orderBy('id').execute()
const audits = async () => (await listAudit(server.db, { action: 'emission_factors.applied' })).events

beforeAll(async () => {
  server = await setupBookingServer()
  customer = await server.login()
  pricingStaff = await createTestStaff(server.db, ['pricing'], server.clock.now())
  pricing = await staffToken(server.app, pricingStaff, server.clock.now())
  others = await staffToken(
    server.app,
    await createTestStaff(server.db, ['admin', 'sales', 'operations', 'finance'], server.clock.now()),
    server.clock.now(),
  )
}, 120_000)

describe('the emission factors table', () => {
  it('is the Pricing role’s alone: 403 for every other role, 401 without a staff session', async () => {
    const body = dearerSea('Roles test')
    for (const [method, path] of [
      ['GET', paths.table],
      ['POST', paths.dryRun],
      ['POST', paths.apply],
    ] as const) {
      const init = (headers: Record<string, string>) =>
        method === 'GET' ? { headers } : postJson(body, headers)
      const refused = await server.app.request(path, init(staff(others)))
      expect(refused.status, path).toBe(403)
      expect(await refused.json()).toEqual({ message: 'This needs the Pricing role.' })
      expect((await server.app.request(path, init({}))).status, path).toBe(401)
      expect((await server.app.request(path, init(customer))).status, path).toBe(401)
    }
    expect(await rows()).toEqual([])
  })

  it('starts from the built-in defaults, in force', async () => {
    const { inForce, versions } = await history()
    expect(inForce).toEqual({ table: defaults, note: null, appliedAt: null, appliedBy: null, builtIn: true })
    expect(versions).toEqual([inForce])
  })

  it('states reference carriages that are what a quote counts between those places', async () => {
    const place = async (code: string) => {
      const row = await server.db
        .selectFrom('locations')
        .select(['code', 'latitude', 'longitude'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
      return { code, at: [row.longitude, row.latitude] as [number, number] }
    }
    for (const leg of Object.values(REFERENCE_CARRIAGES)) {
      expect(carriageLeg(leg.mode, await place(leg.from), await place(leg.to))).toEqual(leg)
    }
  })

  it('answers a dry run against the table in force and writes nothing; a wrong number is 422 under its field', async () => {
    const before = await audits()
    const res = await post(paths.dryRun, dearerSea('GLEC v3.2, 2027-01'))
    expect(res.status).toBe(200)
    const run = (await res.json()) as FactorsDryRun
    expect(run.current).toEqual({ version: defaults.version, source: defaults.source })
    expect(run.proposed.version).toBe('GLEC v3.2, 2027-01')
    expect(run.note).toBe('Sea confirmed against the licensed copy.')
    expect(run.changed).toBe(1)
    expect(run.factors[0]).toMatchObject({ key: 'sea-container', wtwChangePercent: 10.1, changed: true })
    expect(run.references.find((r) => r.id === 'fcl')).toMatchObject({
      before: { wtwGrams: 2_774_486 },
      after: { wtwGrams: 3_055_052 },
      wtwChangePercent: 10.1,
    })
    expect(await rows()).toEqual([])
    expect(await audits()).toEqual(before)

    const wrong = await post(
      paths.dryRun,
      version('Wrong', { 'road-truck': { wtwGPerTkm: 70, ttwGPerTkm: 72 } }),
    )
    expect(wrong.status).toBe(422)
    expect(((await wrong.json()) as ErrorBody).errors).toEqual({
      'factors.road-truck.ttwGPerTkm': [emissionFactorMessages.ttwAboveWtw],
    })
  })

  it('applies a version with its audit row, answering the table with it in force; a name used already is 409', async () => {
    const at = server.clock.now()
    const res = await post(paths.apply, dearerSea('GLEC v3.2, 2027-01'))
    expect(res.status, await res.clone().text()).toBe(200)
    const answered = (await res.json()) as EmissionFactorsHistory
    expect(answered).toEqual(await history())
    const sea = { ...defaults.factors['sea-container'], wtwGPerTkm: 9.8, ttwGPerTkm: 8.2 }
    expect(answered.inForce).toEqual({
      table: {
        version: 'GLEC v3.2, 2027-01',
        source: 'GLEC Framework v3.2 (licensed copy)',
        factors: { ...defaults.factors, 'sea-container': sea },
      },
      note: 'Sea confirmed against the licensed copy.',
      appliedAt: at.toISOString(),
      appliedBy: { id: pricingStaff.id, name: expect.any(String), email: pricingStaff.email },
      builtIn: false,
    })
    expect(answered.versions.map((v) => v.table.version)).toEqual(['GLEC v3.2, 2027-01', defaults.version])

    const [event] = await audits()
    expect(event).toMatchObject({
      actor: { kind: 'staff', staffId: pricingStaff.id, role: 'pricing', label: pricingStaff.email },
      record: { type: 'emission_factors', id: 'GLEC v3.2, 2027-01' },
      customerId: null,
    })
    expect(event?.changes).toEqual({
      version: { before: defaults.version, after: 'GLEC v3.2, 2027-01' },
      source: { before: defaults.source, after: 'GLEC Framework v3.2 (licensed copy)' },
      'sea-container.wtwGPerTkm': { before: 8.9, after: 9.8 },
      'sea-container.ttwGPerTkm': { before: 7.5, after: 8.2 },
      note: { before: null, after: 'Sea confirmed against the licensed copy.' },
    })

    // The same name again, in any case, or the built-in one's: refused by the dry run and the apply alike.
    for (const name of ['GLEC v3.2, 2027-01', 'glec V3.2, 2027-01', defaults.version]) {
      for (const path of [paths.dryRun, paths.apply]) {
        const again = await post(path, dearerSea(name))
        expect(again.status, `${path} ${name}`).toBe(409)
        expect(await again.json()).toEqual({
          message: emissionFactorMessages.versionTaken,
          errors: { version: [emissionFactorMessages.versionTaken] },
        })
      }
    }
    expect(await rows()).toHaveLength(1)
    expect(await audits()).toHaveLength(1)
  })

  it('counts quotes made afterwards with the new version; a booking made before keeps its figure and factors', async () => {
    const number = await server.book(customer)
    const read = async () =>
      ((await (await server.call(customer, `/api/bookings/${number}`)).json()) as BookingDetail).emissions
    const booked = await read()
    const counted = booked?.factors.version
    expect(booked?.figure.factorsVersion).toBe(counted)

    const res = await post(
      paths.apply,
      version('Road 2027', { 'road-truck': { wtwGPerTkm: 95, ttwGPerTkm: 78 } }),
    )
    expect(res.status).toBe(200)
    expect(await read()).toEqual(booked)

    const created = await server.call(customer, '/api/quotes', postJson(server.fcl()))
    const { quote } = (await created.json()) as CreateQuoteResponse
    expect(quote?.emissionFactors.version).toBe('Road 2027')
    expect(quote?.emissionFactors.factors['road-truck']).toMatchObject({ wtwGPerTkm: 95, ttwGPerTkm: 78 })
    expect(counted).not.toBe('Road 2027')
  })
})
