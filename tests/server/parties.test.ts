import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import { partyMessages, type SavedParty } from '../../contract/parties'
import type { QuoteRequest } from '../../contract/pricing/types'
import {
  type CreateQuoteResponse,
  confirmMessages,
  containerWeightMaxMessage,
  type QuoteDetail,
} from '../../contract/quotes'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { postJson } from './helpers'

let s: BookingServer
let alice: Auth
let bob: Auth

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
  bob = await s.login()
}, 90_000)

afterAll(async () => {
  await s?.database.close()
})

const none = { exportCustoms: false, importCustoms: false, insurance: false, pickup: null, delivery: null }
const lionCity = { name: 'Lion City Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' }
const mumbai = { name: 'Mumbai Imports Pvt Ltd', address: 'Plot 4, JNPT Road, Navi Mumbai 400707' }

const json = (body: unknown, method: string): RequestInit => ({ ...postJson(body), method })

async function list(auth: Auth): Promise<SavedParty[]> {
  const res = await s.call(auth, '/api/parties')
  expect(res.status).toBe(200)
  return ((await res.json()) as { parties: SavedParty[] }).parties
}

async function add(auth: Auth, body: unknown) {
  const res = await s.call(auth, '/api/parties', postJson(body))
  return { status: res.status, body: (await res.json()) as { party: SavedParty; message?: string } }
}

async function quote(auth: Auth, request: QuoteRequest): Promise<QuoteDetail> {
  const res = await s.call(auth, '/api/quotes', postJson(request))
  const { quote } = (await res.json()) as CreateQuoteResponse
  expect(quote, 'a priced quote').toBeTruthy()
  return quote as QuoteDetail
}

/** Confirms the quote's first option with `body` over the defaults; the answer. */
async function confirm(auth: Auth, q: QuoteDetail, body: Record<string, unknown>) {
  const option = q.options[0]
  const res = await s.call(
    auth,
    `/api/quotes/${q.number}/confirm`,
    postJson({
      optionId: option?.id,
      services: none,
      shipper: lionCity,
      consignee: mumbai,
      cargoDescription: 'Machine parts in crates',
      acceptTerms: true,
      shownTotalUsd: option?.totalUsd,
      ...body,
    }),
  )
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('the address book API', () => {
  it('adds, finds the same party again under another spelling, edits and deletes an entry', async () => {
    const auth = await s.login()
    const created = await add(auth, { ...lionCity, contact: 'Tan Wei Ming', roles: ['shipper'] })
    expect(created.status).toBe(201)
    expect(created.body.party).toMatchObject({ ...lionCity, contact: 'Tan Wei Ming', roles: ['shipper'] })
    const { id } = created.body.party

    // Same name and address in other case, punctuation and spacing: the same entry, the role added.
    const again = await add(auth, {
      name: 'LION CITY EXPORTS PTE. LTD.',
      address: '10 Anson Road #20-01  Singapore 079903',
      roles: ['notify'],
    })
    expect(again.status).toBe(200)
    expect(again.body.party.id).toBe(id)
    expect(again.body.party.roles).toEqual(['shipper', 'notify'])
    // The contact stays when none is given.
    expect(again.body.party.contact).toBe('Tan Wei Ming')
    expect(await list(auth)).toHaveLength(1)

    const other = await add(auth, mumbai)
    expect(other.status).toBe(201)
    const edited = await s.call(
      auth,
      `/api/parties/${id}`,
      json({ ...lionCity, name: 'Lion City Exports (S) Pte Ltd', contact: 'Ops desk' }, 'PUT'),
    )
    expect(edited.status).toBe(200)
    expect(((await edited.json()) as { party: SavedParty }).party).toMatchObject({
      id,
      name: 'Lion City Exports (S) Pte Ltd',
      contact: 'Ops desk',
      roles: ['shipper', 'notify'],
    })
    // Editing one entry into another's name and address is refused, by the name.
    const clash = await s.call(auth, `/api/parties/${id}`, json(mumbai, 'PUT'))
    expect(clash.status).toBe(409)
    expect(await clash.json()).toEqual({
      message: partyMessages.duplicate,
      errors: { name: [partyMessages.duplicate] },
    })

    const deleted = await s.call(auth, `/api/parties/${other.body.party.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ message: partyMessages.deleted })
    expect((await list(auth)).map((p) => p.id)).toEqual([id])
    const twice = await s.call(auth, `/api/parties/${other.body.party.id}`, { method: 'DELETE' })
    expect(twice.status).toBe(404)
  })

  it("keeps each company's book to itself: another company's entry answers 404 and is not listed", async () => {
    const { body } = await add(alice, {
      name: 'Alice Only Trading',
      address: '1 Harbour Front Avenue, Singapore',
    })
    const { id } = body.party
    expect((await list(bob)).map((p) => p.id)).not.toContain(id)
    const edit = await s.call(bob, `/api/parties/${id}`, json(lionCity, 'PUT'))
    expect(edit.status).toBe(404)
    expect(await edit.json()).toEqual({ message: partyMessages.notFound })
    expect((await s.call(bob, `/api/parties/${id}`, { method: 'DELETE' })).status).toBe(404)
    // Still Alice's, unchanged.
    expect((await list(alice)).find((p) => p.id === id)?.name).toBe('Alice Only Trading')
    // Past the id column's range, or not an id: no entry, never a server error.
    expect((await s.call(alice, '/api/parties/9999999999', { method: 'DELETE' })).status).toBe(404)
    expect((await s.call(alice, '/api/parties/abc', { method: 'DELETE' })).status).toBe(422)
    expect((await s.app.request('/api/parties')).status).toBe(401)
  })

  it("refuses an invalid party with the confirmation form's messages, by field", async () => {
    const res = await add(alice, { name: ' ', address: 'Short', roles: ['captain'] })
    expect(res.status).toBe(422)
    const errors = (res.body as unknown as { errors: Record<string, string[]> }).errors
    expect(errors.name).toEqual([confirmMessages.partyName])
    expect(errors.address).toEqual([confirmMessages.partyAddress])
    expect(Object.keys(errors)).toContain('roles.0')
  })
})

describe('confirming a quote', () => {
  it('saves its shipper, consignee and notify party to the book, once however many bookings use them', async () => {
    const carol = await s.login()
    const notify = { name: 'Harbour Notify Ltd', address: '1 Harbour Front Avenue, Singapore 099253' }
    const first = await confirm(carol, await quote(carol, s.fcl()), {
      notifyParty: notify,
      containerWeightsKg: [18_400, 17_950],
    })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    s.clock.advance(60_000)
    // The second booking spells the shipper differently and gives its contact.
    const second = await confirm(carol, await quote(carol, s.fcl()), {
      shipper: { name: 'lion city exports pte. ltd.', address: lionCity.address, contact: 'Tan Wei Ming' },
      containerWeightsKg: [18_000, 18_000],
    })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    const parties = await list(carol)
    expect(parties).toHaveLength(3)
    const byRole = (role: string) => parties.filter((p) => p.roles.includes(role as never))
    expect(byRole('shipper')).toHaveLength(1)
    // The entry keeps its first spelling, and takes the contact given.
    expect(byRole('shipper')[0]).toMatchObject({ ...lionCity, contact: 'Tan Wei Ming' })
    expect(byRole('consignee')[0]).toMatchObject(mumbai)
    expect(byRole('notify')[0]).toMatchObject(notify)
    expect(parties.every((p) => p.usedAt !== null)).toBe(true)
    // The parties of the latest booking come first.
    expect(parties.at(-1)?.name).toBe(notify.name)
  })

  it("asks each FCL container's gross weight: refused by container, stored and shown on the booking", async () => {
    const q = await quote(
      alice,
      s.fcl({
        containers: [
          { type: '20GP', count: 1 },
          { type: '40HC', count: 1 },
        ],
      }),
    )
    const missing = await confirm(alice, q, {})
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ containerWeightsKg: [confirmMessages.containerWeightCount] })
    const empty = await confirm(alice, q, { containerWeightsKg: [18_000, null] })
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({ 'containerWeightsKg.1': [confirmMessages.containerWeightRequired] })
    const heavy = await confirm(alice, q, { containerWeightsKg: [28_500, 28_500] })
    expect(heavy.status).toBe(422)
    expect(heavy.body.errors).toEqual({ 'containerWeightsKg.0': [containerWeightMaxMessage('20GP')] })
    const fractional = await confirm(alice, q, { containerWeightsKg: [0, 18_400.5] })
    expect(fractional.body.errors).toEqual({
      'containerWeightsKg.0': [confirmMessages.containerWeightInvalid],
      'containerWeightsKg.1': [confirmMessages.containerWeightInvalid],
    })
    // Within its type's bound: 29,000 kg fits a 40HC, not a 20GP.
    const booked = await confirm(alice, q, { containerWeightsKg: [18_400, 29_000] })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const number = (booked.body.booking as { number: string }).number
    const detail = (await (await s.call(alice, `/api/bookings/${number}`)).json()) as BookingDetail
    expect(detail.containerWeightsKg).toEqual([18_400, 29_000])
  })

  it('asks no weights of an air booking, and keeps none sent with one', async () => {
    const air = await quote(
      alice,
      s.fcl({
        mode: 'AIR',
        origin: 'SIN',
        destination: 'LHR',
        containers: undefined,
        cargo: { kind: 'totals', pieces: 3, volumeCbm: 2.4, weightKg: 800 },
      }),
    )
    const booked = await confirm(alice, air, { containerWeightsKg: [500] })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const number = (booked.body.booking as { number: string }).number
    const detail = (await (await s.call(alice, `/api/bookings/${number}`)).json()) as BookingDetail
    expect(detail.containerWeightsKg).toBeNull()
  })
})
