/**
 * The 26 inputs of issue #19 section 2 that reached PostgreSQL and answered 500: a NUL character, a lone
 * UTF-16 surrogate, a number past its integer column, a string past its varchar column. Each now answers
 * 422 with the field's message in the API's error shape, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleMessages } from '../../contract/rules'
import { textMessages } from '../../contract/text'
import { apiPaths, type ErrorBody } from '../../contract/wire'
import { type BookingServer, dcsa, setupBookingServer } from './booking-helpers'
import { postJson, registrationPayload } from './helpers'

let server: BookingServer
let auth: Record<string, string> & { email: string }
let bookingNumber: string
let country: { mcou_rid: number; mcou_country_dialing_code: string; eshp_mcpy: number }

beforeAll(async () => {
  server = await setupBookingServer()
  auth = await server.login()
  bookingNumber = await server.book(auth)
  country = await server.db
    .selectFrom('countries')
    .select(['mcou_rid', 'mcou_country_dialing_code', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

let count = 0
const next = () => {
  count += 1
  return count
}
const ip = () => ({ 'X-Forwarded-For': `198.51.100.${next() % 250}` })

const NUL = 'a\u0000b'
const LONE = 'x\ud800y'

const register = (field: string, value: unknown) =>
  server.app.request(
    apiPaths.register,
    postJson({ ...registrationPayload(country, `edge.${next()}@example.com`), [field]: value }, ip()),
  )

const contact = (field: string, value: unknown) =>
  server.app.request(
    apiPaths.contact,
    postJson(
      {
        mail: `edge.${next()}@example.com`,
        name: 'Grace Importer',
        company: 'Grace Imports Ltd',
        code: '+44',
        phone: '2071234567',
        source: 'Search Engine',
        mode: 'FCL',
        message: 'We ship 4 x 40HC a month.',
        [field]: value,
      },
      ip(),
    ),
  )

const profile = (field: string, value: unknown) =>
  server.call(auth, '/api/profile', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      esus_name: 'Ada Shipper',
      esus_company_name: 'Ada Trading Pte Ltd',
      esus_mcou: country.mcou_rid,
      code: country.mcou_country_dialing_code,
      esus_phone: '61234567',
      esus_address1: '1 Harbour Front Avenue, Singapore',
      esus_mcpy: country.eshp_mcpy,
      [field]: value,
    }),
  })

const createQuote = (commodity: string) =>
  server.call(auth, '/api/quotes', postJson(server.fcl({ commodity })))

const requestQuote = (commodity: string, notes?: string) =>
  server.call(
    auth,
    '/api/quote-requests',
    postJson({ request: server.fcl({ commodity }), ...(notes === undefined ? {} : { notes }) }),
  )

const events = (reference: string) =>
  server.postEvents([dcsa({ ref: reference, code: 'CONF', at: '2025-06-02T10:00:00Z' })])

async function expectFieldError(res: Response, field: string, message?: string) {
  const body = (await res.json()) as ErrorBody
  expect(res.status, JSON.stringify(body)).toBe(422)
  expect(body.message).toEqual(expect.any(String))
  expect(Object.keys(body.errors ?? {}), JSON.stringify(body)).toContain(field)
  if (message) expect(body.errors?.[field]).toContain(message)
}

describe('a NUL character is refused where it enters, with the field named', () => {
  it.each(['esus_name', 'esus_company_name', 'esus_regn_no'])('register %s', async (field) => {
    await expectFieldError(await register(field, NUL), field, textMessages.badCharacter)
  })

  it.each(['name', 'company', 'code', 'message'])('contact %s', async (field) => {
    await expectFieldError(await contact(field, NUL), field, textMessages.badCharacter)
  })

  it('PUT /api/profile', async () => {
    await expectFieldError(await profile('esus_name', NUL), 'esus_name', textMessages.badCharacter)
    await expectFieldError(await profile('esus_address1', NUL), 'esus_address1', textMessages.badCharacter)
  })

  it('createQuote commodity', async () => {
    await expectFieldError(await createQuote(NUL), 'commodity', textMessages.badCharacter)
  })

  it('manual quote requests: commodity and notes', async () => {
    await expectFieldError(await requestQuote(NUL), 'request.commodity', textMessages.badCharacter)
    await expectFieldError(await requestQuote('Machine parts', NUL), 'notes', textMessages.badCharacter)
  })

  it('operations events: documentReferenceValue', async () => {
    const res = await events(`ESB-\u0000${bookingNumber.slice(4)}`)
    await expectFieldError(
      res,
      'events.0.documentReferences.0.documentReferenceValue',
      textMessages.badCharacter,
    )
  })

  it('GET /api/bookings?q=%00', async () => {
    await expectFieldError(await server.call(auth, '/api/bookings?q=%00'), 'q', textMessages.badCharacter)
  })

  it('GET /api/dev/outbox?to=%00 never fails', async () => {
    const res = await server.app.request('/api/dev/outbox?to=%00')
    expect(res.status).toBeLessThan(500)
    expect([404, 422]).toContain(res.status)
  })
})

describe('a lone surrogate is refused', () => {
  it('createQuote commodity', async () => {
    await expectFieldError(await createQuote(LONE), 'commodity', textMessages.badCharacter)
  })

  it('manual quote requests', async () => {
    await expectFieldError(await requestQuote(LONE), 'request.commodity', textMessages.badCharacter)
  })

  it('a surrogate pair (an emoji) is still welcome', async () => {
    const res = await requestQuote('Machine parts 📦')
    expect(res.status, await res.clone().text()).toBe(201)
  })
})

describe('numbers and strings keep to their columns', () => {
  it('esus_mcou 2147483648 on register and profile', async () => {
    await expectFieldError(await register('esus_mcou', 2147483648), 'esus_mcou')
    await expectFieldError(await profile('esus_mcou', 2147483648), 'esus_mcou')
    await expectFieldError(await register('esus_mcpy', 2 ** 31), 'esus_mcpy')
  })

  it('a contact code longer than its 8 characters', async () => {
    await expectFieldError(await contact('code', '+123456789'), 'code', ruleMessages.tooLong)
  })

  it('nothing of the refused requests was stored', async () => {
    expect(await server.db.selectFrom('enquiries').select('id').execute()).toEqual([])
    const registered = await server.db
      .selectFrom('users')
      .select('id')
      .where('esus_email_id', 'like', 'edge.%')
      .execute()
    expect(registered).toEqual([])
  })
})
