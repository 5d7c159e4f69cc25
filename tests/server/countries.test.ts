import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CountriesResponse, Country } from '../../contract/wire'
import { apiPaths } from '../../contract/wire'
import { companyIds, isoCountryCodes } from '../../server/db/seed-data'
import { countriesRoutes } from '../../server/routes/countries'
import { setupServer } from './helpers'

let server: Awaited<ReturnType<typeof setupServer>>
let countries: Country[]

beforeAll(async () => {
  server = await setupServer()
  const res = await server.app.request(apiPaths.countries)
  expect(res.status).toBe(200)
  countries = ((await res.json()) as CountriesResponse).countries
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const byCode = (code: string) => {
  const country = countries.find((c) => c.mcou_code === code)
  if (!country) throw new Error(`no country ${code}`)
  return country
}

describe('GET /api/countries', () => {
  it('answers JSON with an hour of public caching', async () => {
    const res = await server.app.request(apiPaths.countries)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/)
  })

  it('gives every field of every country with its type', () => {
    for (const country of countries) {
      expect(Object.keys(country).sort()).toEqual(
        ['eshp_mcpy', 'mcou_code', 'mcou_country_dialing_code', 'mcou_name', 'mcou_rid'].sort(),
      )
      expect(Number.isInteger(country.mcou_rid)).toBe(true)
      expect(country.mcou_name).toEqual(expect.any(String))
      expect(country.mcou_name.length).toBeGreaterThan(0)
      expect(country.mcou_code).toMatch(/^[A-Z]{2}$/)
      expect(country.mcou_country_dialing_code).toMatch(/^\+\d{1,4}$/)
      expect(Object.values(companyIds)).toContain(country.eshp_mcpy)
    }
  })

  it('lists every ISO 3166-1 country (and Kosovo) once', () => {
    const codes = countries.map((c) => c.mcou_code).sort()
    expect(codes).toEqual(isoCountryCodes())
    expect(codes).toContain('XK')
    expect(codes.length).toBe(250)
    expect(new Set(countries.map((c) => c.mcou_rid)).size).toBe(countries.length)
  })

  it('orders the list by name', () => {
    const names = countries.map((c) => c.mcou_name)
    const collator = new Intl.Collator('en', { sensitivity: 'base' })
    expect(names).toEqual([...names].sort(collator.compare))
    expect(names[0]).toBe('Afghanistan')
  })

  it('gives Singapore +65 and the Singapore (default) branch', () => {
    expect(byCode('SG')).toMatchObject({
      mcou_name: 'Singapore',
      mcou_country_dialing_code: '+65',
      eshp_mcpy: companyIds.singapore,
    })
  })

  it('maps the Gulf countries to the UAE branch, GB and IE to the UK branch, IN to the India branch', () => {
    expect(byCode('AE')).toMatchObject({
      mcou_name: 'United Arab Emirates',
      mcou_country_dialing_code: '+971',
    })
    for (const code of ['AE', 'SA', 'QA', 'OM', 'BH', 'KW'])
      expect(byCode(code).eshp_mcpy).toBe(companyIds.uae)
    for (const code of ['GB', 'IE']) expect(byCode(code).eshp_mcpy).toBe(companyIds.uk)
    expect(byCode('IN')).toMatchObject({ mcou_country_dialing_code: '+91', eshp_mcpy: companyIds.india })
    for (const code of ['US', 'MY', 'BD', 'ID', 'XK'])
      expect(byCode(code).eshp_mcpy).toBe(companyIds.singapore)
  })

  it('has a branch row for every branch id it uses', async () => {
    const companies = await server.database.db.selectFrom('companies').selectAll().orderBy('id').execute()
    expect(companies).toEqual([
      { id: 1, name: 'Singapore', city: 'Singapore', country_code: 'SG' },
      { id: 2, name: 'United Arab Emirates', city: 'Dubai', country_code: 'AE' },
      { id: 3, name: 'United Kingdom', city: 'London', country_code: 'GB' },
      { id: 4, name: 'India', city: 'Mumbai', country_code: 'IN' },
    ])
  })

  it('answers 304 with no body when the ETag still matches', async () => {
    const first = await server.app.request(apiPaths.countries)
    const tag = first.headers.get('etag')
    expect(tag).toBeTruthy()
    const again = await server.app.request(apiPaths.countries, { headers: { 'If-None-Match': tag ?? '' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(tag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600')

    const weak = await server.app.request(apiPaths.countries, { headers: { 'If-None-Match': `W/${tag}` } })
    expect(weak.status).toBe(304)
    const stale = await server.app.request(apiPaths.countries, { headers: { 'If-None-Match': '"stale"' } })
    expect(stale.status).toBe(200)
  })

  it('compresses the list for clients that accept gzip', async () => {
    const res = await server.app.request(apiPaths.countries, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    const inflated = res.body?.pipeThrough(new DecompressionStream('gzip'))
    const body = (await new Response(inflated).json()) as CountriesResponse
    expect(body.countries).toEqual(countries)
  })

  it('sends brotli when accepted, identity when nothing is, each with its own strong ETag', async () => {
    const br = await server.app.request(apiPaths.countries, { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    const decoded = brotliDecompressSync(Buffer.from(await br.arrayBuffer()))
    expect((JSON.parse(decoded.toString('utf8')) as CountriesResponse).countries).toEqual(countries)

    const plain = await server.app.request(apiPaths.countries, { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i)
    const refused = await server.app.request(apiPaths.countries, {
      headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    })
    expect(refused.headers.get('content-encoding')).toBeNull()

    const tags = new Set([br.headers.get('etag'), plain.headers.get('etag')])
    expect(tags.size).toBe(2)
    for (const tag of tags) expect(tag).toMatch(/^"[0-9a-f]+(-br|-gz)?"$/)
    const revalidated = await server.app.request(apiPaths.countries, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('etag') ?? '' },
    })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(br.headers.get('etag'))
    expect(revalidated.headers.get('vary')).toMatch(/accept-encoding/i)
  })

  it('reads the database once, not per request', async () => {
    const fresh = countriesRoutes(server.database.db)
    const before = await fresh.request('/countries')
    const body = await before.text()
    await server.database.db
      .updateTable('countries')
      .set({ mcou_name: 'Renamed' })
      .where('mcou_code', '=', 'SG')
      .execute()
    try {
      const after = await fresh.request('/countries')
      expect(await after.text()).toBe(body)
    } finally {
      await server.database.db
        .updateTable('countries')
        .set({ mcou_name: 'Singapore' })
        .where('mcou_code', '=', 'SG')
        .execute()
    }
  })
})
