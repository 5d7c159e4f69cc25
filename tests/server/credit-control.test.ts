/**
 * Credit control through the API (issue 36 part 4, docs/payments.md "Credit control"): a booking that would take
 * its company's open balance over the credit limit, or comes while an invoice is overdue past the configured
 * days, is stored and waits; operations cannot confirm it by any door (the desk, the operations API, a
 * carrier's CONF) until finance releases it; the release is audited and mailed; other companies are not touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import {
  creditHoldMessages,
  creditMessages,
  creditPaths,
  type HeldBooking,
} from '../../contract/finance/credit'
import type { CustomerBilling } from '../../contract/finance/invoice-wire'
import { opsDeskPaths } from '../../contract/operations-desk'
import type { QuotePrice } from '../../contract/pricing/types'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { bookingValueIn } from '../../server/finance/credit'
import { ensureSeedRates } from '../../server/rates/seed'
import { siteConfig } from '../../site.config'
import { type Auth, dcsa } from './booking-helpers'
import { bearer, createTestUser, postJson } from './helpers'
import { type InvoiceServer, setupInvoiceServer } from './invoices-helpers'

let server: InvoiceServer

beforeAll(async () => {
  server = await setupInvoiceServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const DAY = 86_400_000

/** A new company's user, signed in, as it registered: finance has set nothing (`server.login` sets a limit). */
async function newCompany() {
  const user = await createTestUser(server.db)
  const signIn = async (): Promise<Auth> => {
    const res = await server.app.request(
      apiPaths.login,
      postJson({ email: user.email, password: user.password }),
    )
    return { ...bearer(((await res.json()) as LoginResponse).token as string), email: user.email }
  }
  return { auth: await signIn(), signIn }
}

const detail = async (auth: Auth, number: string) => {
  const res = await server.call(auth, `/api/bookings/${number}`)
  expect(res.status).toBe(200)
  return (await res.json()) as BookingDetail
}

/** The booking's value in SGD as its charges will be written. */
async function bookingValueOf(number: string) {
  const row = await server.db
    .selectFrom('bookings')
    .select('price')
    .where('number', '=', number)
    .executeTakeFirstOrThrow()
  return bookingValueIn(row.price as QuotePrice, 'SGD')
}

/** Finance sets the company's terms and credit limit (null: the default). */
async function limit(auth: Auth, creditLimit: number | null, paymentTermsDays = 30) {
  const customerId = await server.customerIdOf(auth)
  const res = await server.setBilling(customerId, {
    paymentTermsDays,
    currency: 'SGD',
    address: server.billingAddress,
    creditLimit,
  })
  const body = (await res.json()) as { billing: CustomerBilling }
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body.billing
}

const deskConfirm = (number: string) =>
  server.staffCall(
    server.operations,
    opsDeskPaths.confirm(number),
    postJson({
      carrier: 'Maersk',
      carrierBookingRef: 'MAEU240011',
      vesselName: 'MAERSK SELETAR',
      voyage: '245W',
      etd: '2025-06-10T18:00',
      eta: '2025-06-20T14:00',
    }),
  )

const holds = async (auth: Record<string, string> = server.finance) => {
  const res = await server.staffCall(auth, creditPaths.holds)
  expect(res.status).toBe(200)
  return (await res.json()) as HeldBooking[]
}
const release = (number: string, auth: Record<string, string> = server.finance) =>
  server.staffCall(auth, creditPaths.release(number), { method: 'POST' })

const stored = (number: string) =>
  server.db
    .selectFrom('bookings')
    .select(['status', 'hbl', 'credit_hold', 'credit_held_at', 'credit_released_at', 'credit_released_by'])
    .where('number', '=', number)
    .executeTakeFirstOrThrow()

describe('a booking within the limit', () => {
  it('is not held: new companies start with the default limit and 30-day terms, and operations confirm it', async () => {
    const alice = (await newCompany()).auth
    const customerId = await server.customerIdOf(alice)
    const res = await server.staffCall(server.finance, `/api/staff/customers/${customerId}/billing`)
    expect(await res.json()).toMatchObject({ paymentTermsDays: 30, creditLimit: null, openBalance: 0 })
    const number = await server.book(alice)
    expect(await bookingValueOf(number)).toBeLessThan(siteConfig.billing.creditControl.defaultLimit)
    expect((await detail(alice, number)).creditHold).toBeNull()
    expect((await holds()).map((h) => h.bookingNumber)).not.toContain(number)
    expect((await deskConfirm(number)).status).toBe(200)
  })

  it("stops counting a booking's charges once operations cancel it uninvoiced", async () => {
    const carol = (await newCompany()).auth
    const number = await server.book(carol)
    await server.confirm(number)
    const customerId = await server.customerIdOf(carol)
    const billing = async () =>
      (await (
        await server.staffCall(server.finance, `/api/staff/customers/${customerId}/billing`)
      ).json()) as {
        openBalance: number
      }
    expect((await billing()).openBalance).toBe(await bookingValueOf(number))
    const cancel = await server.staffCall(
      server.operations,
      opsDeskPaths.cancel(number),
      postJson({ reason: 'The shipper withdrew the cargo.' }),
    )
    expect(cancel.status).toBe(200)
    expect((await billing()).openBalance).toBe(0)
  })
})

describe('a booking over the limit', () => {
  let bob: Auth
  let held: string
  let value: number

  it('goes ahead at the limit exactly, and waits for finance once it would take the balance over it', async () => {
    bob = await server.login()
    const first = await server.book(bob)
    value = await bookingValueOf(first)
    // Nothing owed yet: a booking worth exactly the limit leaves the balance at it.
    expect((await limit(bob, value)).creditLimit).toBe(value)
    const atLimit = await server.book(bob)
    expect((await detail(bob, atLimit)).creditHold).toBeNull()
    // Confirmed, the first booking's charges are owed (approved, not invoiced): the next one goes over.
    await server.confirm(first)
    expect((await limit(bob, value)).openBalance).toBe(value)
    held = await server.book(bob)
    const booking = await detail(bob, held)
    expect(booking.status).toBe('Booking Received')
    expect(booking.creditHold).toEqual({
      reason: creditHoldMessages.limit,
      since: server.clock.now().toISOString(),
    })
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'changes'])
      .where('action', '=', 'booking.credit_held')
      .where('record_id', '=', held)
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ actor_kind: 'customer', changes: { creditHold: { after: 'limit' } } })
  })

  it('cannot be confirmed by the desk, the operations API or a carrier CONF while held', async () => {
    const desk = await deskConfirm(held)
    expect(desk.status).toBe(409)
    expect(await desk.json()).toEqual({ message: creditMessages.confirmRefused(held) })
    const api = await server.ops(`/api/ops/bookings/${held}/confirm`, {})
    expect(api.status).toBe(409)
    expect(await api.json()).toEqual({ message: creditMessages.confirmRefused(held) })
    const conf = await server.postEvents([
      dcsa({ ref: held, code: 'CONF', at: server.clock.now().toISOString(), location: 'SGSIN' }),
    ])
    expect(conf.status).toBe(422)
    expect(JSON.stringify(await conf.json())).toContain("it waits for finance's credit release")
    expect(await stored(held)).toMatchObject({ status: 'Booking Received', hbl: null })
  })

  it("is on finance's list with what the company owes, and operations may read it but not release it", async () => {
    const listed = (await holds()).find((h) => h.bookingNumber === held)
    expect(listed).toMatchObject({
      status: 'Booking Received',
      customerId: await server.customerIdOf(bob),
      reason: creditHoldMessages.limit,
      currency: 'SGD',
      bookingValue: value,
      openBalance: value,
      creditLimit: value,
      oldestOverdueDays: 0,
    })
    expect((await holds(server.operations)).map((h) => h.bookingNumber)).toContain(held)
    expect((await release(held, server.operations)).status).toBe(403)
    expect((await server.call(bob, creditPaths.holds)).status).toBe(401)
    expect((await server.call(bob, creditPaths.release(held), { method: 'POST' })).status).toBe(401)
    expect((await stored(held)).credit_hold).toBe(creditHoldMessages.limit)
  })

  it('is released by finance (kept, audited, mailed), then operations confirm it', async () => {
    expect((await release('ESB-2099999999')).status).toBe(404)
    const res = await release(held)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: creditMessages.released(held), bookingNumber: held })
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['actor_role', 'actor_staff_id', 'customer_id', 'changes'])
      .where('action', '=', 'booking.credit_released')
      .where('record_id', '=', held)
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({
      actor_role: 'finance',
      customer_id: await server.customerIdOf(bob),
      changes: { creditHold: { before: creditHoldMessages.limit, after: null } },
    })
    expect(await stored(held)).toMatchObject({
      credit_hold: null,
      credit_released_at: server.clock.now(),
      credit_released_by: audit.actor_staff_id,
    })
    expect((await server.outbox(bob.email)).map((m) => m.subject)).toContain(
      `Booking ${held}: released by our finance team`,
    )
    expect((await detail(bob, held)).creditHold).toBeNull()
    expect((await holds()).map((h) => h.bookingNumber)).not.toContain(held)
    const again = await release(held)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: creditMessages.notHeld(held) })
    expect((await deskConfirm(held)).status).toBe(200)
  })

  it("leaves other companies' bookings alone", async () => {
    const carol = await server.login()
    const theirs = await server.book(carol)
    expect((await detail(carol, theirs)).creditHold).toBeNull()
    expect((await server.call(carol, `/api/bookings/${held}`)).status).toBe(404)
  })
})

describe('an invoice overdue', () => {
  it('holds a booking once it is more than the configured days past due, whatever the balance', async () => {
    const { auth: dave, signIn } = await newCompany()
    await limit(dave, 2_000_000_000, 7)
    const booking = await server.book(dave)
    const ids = await server.addCharges(booking, [{ amount: 10_000, gstCode: 'ZR' }])
    const invoice = await server.issued(booking, ids)
    const allowed = siteConfig.billing.creditControl.overdueDaysBeforeHold
    const dueAt = Date.parse(`${invoice.dueDay}T09:00:00+08:00`)
    // Exactly `allowed` days past due: not yet (rates and the session renewed, as the days between bring them).
    server.clock.advance(dueAt + allowed * DAY - server.clock.now().getTime())
    await ensureSeedRates(server.db, server.clock.now())
    const again = await signIn()
    const onTime = await server.book(again)
    expect((await detail(again, onTime)).creditHold).toBeNull()
    server.clock.advance(DAY)
    const later = await signIn()
    const late = await server.book(later)
    expect((await detail(later, late)).creditHold?.reason).toBe(creditHoldMessages.overdue)
  })
})
