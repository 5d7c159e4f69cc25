import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths, type LoginResponse, type PlacesResponse } from '../../contract/wire'
import { ensureLocations } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

let server: Awaited<ReturnType<typeof setupAuthServer>>
let token: string

beforeAll(async () => {
  server = await setupAuthServer()
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())
  const user = await createTestUser(server.db)
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: user.email, password: user.password }),
  )
  token = ((await res.json()) as LoginResponse).token as string
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

async function search(q: string, mode: string) {
  const res = await server.app.request(`${apiPaths.locations}?q=${encodeURIComponent(q)}&mode=${mode}`, {
    headers: bearer(token),
  })
  return { status: res.status, body: (await res.json()) as PlacesResponse }
}

const codes = async (q: string, mode: string) => (await search(q, mode)).body.locations.map((l) => l.code)

describe('ports and airports from the data packages', () => {
  it('loads about 1,600 ports by UN/LOCODE and the scheduled airports by IATA code, once', async () => {
    const counts = await server.db
      .selectFrom('locations')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute()
    const byKind = Object.fromEntries(counts.map((row) => [row.kind, Number(row.n)]))
    expect(byKind.port).toBeGreaterThan(1500)
    expect(byKind.airport).toBeGreaterThan(3000)
    expect(await ensureLocations(server.db)).toBe(0)
    const singapore = await server.db
      .selectFrom('locations')
      .selectAll()
      .where('code', '=', 'SGSIN')
      .executeTakeFirst()
    expect(singapore).toMatchObject({ kind: 'port', country_code: 'SG', time_zone: 'Asia/Singapore' })
    const changi = await server.db
      .selectFrom('locations')
      .selectAll()
      .where('code', '=', 'SIN')
      .executeTakeFirst()
    expect(changi).toMatchObject({
      kind: 'airport',
      name: 'Singapore Changi Airport',
      country_name: 'Singapore',
    })
  })
})

describe('GET /api/locations (searchLocations)', () => {
  it('finds a port by name, code or country and an airport by city, best match first', async () => {
    expect((await codes('nhava', 'FCL'))[0]).toBe('INNSA')
    expect((await codes('innsa', 'LCL'))[0]).toBe('INNSA')
    expect((await codes('SIN', 'AIR'))[0]).toBe('SIN')
    expect((await codes('mumbai', 'AIR'))[0]).toBe('BOM')
    expect(await codes('rotterdam', 'FCL')).toContain('NLRTM')
    // The port with rates comes before the others of its country.
    expect((await codes('india', 'FCL'))[0]).toBe('INNSA')
  })

  it('says which places have instant rates for the mode searched today', async () => {
    const instant = async (q: string, mode: string) =>
      Object.fromEntries((await search(q, mode)).body.locations.map((l) => [l.code, l.instant]))
    // The seeded sheets serve Nhava Sheva by sea and Mumbai by air; Rotterdam's neighbours have none.
    expect((await instant('nhava', 'FCL')).INNSA).toBe(true)
    expect((await instant('mumbai', 'AIR')).BOM).toBe(true)
    const indianPorts = await instant('india', 'FCL')
    expect(Object.values(indianPorts).filter(Boolean)).toHaveLength(1)
    // Sheets that have run out serve nothing (the test server does not listen: nothing is held).
    await server.db
      .updateTable('rate_lanes')
      .set({ valid_from: '1999-12-01', valid_to: '2000-01-01' })
      .where((eb) => eb.or([eb('destination', '=', 'INNSA'), eb('origin', '=', 'INNSA')]))
      .execute()
    expect((await instant('nhava', 'LCL')).INNSA).toBe(false)
  })

  it('ignores case and accents', async () => {
    expect(await codes('cat lai', 'FCL')).toContain('VNCLI')
  })

  it('answers ports for ocean modes and airports for air, at most ten', async () => {
    const ports = (await search('singapore', 'FCL')).body.locations
    expect(ports.every((l) => l.kind === 'port')).toBe(true)
    const airports = (await search('a', 'AIR')).body.locations
    expect(airports).toHaveLength(10)
    expect(airports.every((l) => l.kind === 'airport')).toBe(true)
  })

  it('treats LIKE wildcards as text', async () => {
    expect((await search('%', 'FCL')).body.locations).toEqual([])
    expect((await search('_', 'AIR')).body.locations).toEqual([])
  })

  it('refuses a missing query or mode with 422 and a message', async () => {
    const res = await server.app.request(`${apiPaths.locations}?q=&mode=FCL`, { headers: bearer(token) })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.q).toEqual([
      'Type a code, port, airport, city or country.',
    ])
    expect(
      (await server.app.request(`${apiPaths.locations}?q=x&mode=SEA`, { headers: bearer(token) })).status,
    ).toBe(422)
  })

  it('needs a session', async () => {
    const res = await server.app.request(`${apiPaths.locations}?q=nhava&mode=FCL`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' })
  })
})
