/**
 * A booking's charges through the API (issue 35, docs/invoices.md): the quoted lines become approved charges
 * at confirmation, in the company's currency; operations add a change request, the company's Admins and
 * Members are mailed, a Member approves or declines it, staff withdraw one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChargeAnswer,
  type ChargeItem,
  chargeMessages,
  chargePaths,
  gstReasons,
  type PendingChargeItem,
} from '../../contract/finance/charges'
import { invoicePaths, type WaitingCharge } from '../../contract/finance/invoice-wire'
import { fromUsd } from '../../contract/pricing/money'
import type { QuotePrice } from '../../contract/pricing/types'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { ensureDemoCharges } from '../../server/demo/charges'
import { demoCustomer, ensureDemoCustomer } from '../../server/demo/customer'
import { ensureQuotedCharges } from '../../server/finance/charges'
import { type ChargeServer, setupChargeServer } from './charges-helpers'
import { bearer, postJson } from './helpers'

let server: ChargeServer

beforeAll(async () => {
  server = await setupChargeServer()
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const charges = async (auth: Record<string, string>, number: string) => {
  const res = await server.send(auth, chargePaths.bookingCharges(number))
  expect(res.status).toBe(200)
  return (await res.json()) as ChargeItem[]
}

const priceOf = async (number: string) =>
  (
    await server.db
      .selectFrom('bookings')
      .select(['price', 'currency'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
  ).price as QuotePrice

const demurrage = (currency: string, amount = 45_000) => ({
  code: 'DEM',
  description: 'Demurrage at Nhava Sheva',
  quantityText: '3 days × 2 × 40HC',
  currency,
  amount,
  reason: 'The containers stayed three days past the free time.',
})

describe('confirmation', () => {
  it('makes every quoted line an approved, zero-rated charge in SGD for a Singapore company', async () => {
    const customer = await server.login()
    const number = await server.book(customer)
    expect(await charges(customer, number)).toEqual([])
    await server.confirm(number)
    const list = await charges(customer, number)
    const price = await priceOf(number)
    expect(list.map((c) => [c.code, c.description, c.quantityText])).toEqual(
      price.lines.map((line) => [line.code, line.name, line.quantityText]),
    )
    expect(list.length).toBeGreaterThan(0)
    for (const [i, charge] of list.entries()) {
      const line = price.lines[i]
      if (!line) throw new Error('a line per charge')
      expect(charge).toMatchObject({
        currency: 'SGD',
        gstCode: 'ZR',
        source: 'quote',
        status: 'approved',
        requestedBy: null,
        invoiceNumber: null,
      })
      expect(Object.values(gstReasons)).toContain(charge.gstReason)
      expect(charge.amount).toBe(
        line.currency === 'SGD' ? line.amount : fromUsd(line.amountUsd, 'SGD', price.fx),
      )
    }
    const booking = await server.db
      .selectFrom('bookings')
      .select('currency')
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
    expect(booking.currency).toBe('SGD')
  })

  it('bills a company set to USD in the quote’s own USD amounts, and writes them once', async () => {
    const customer = await server.login()
    await server.billIn(customer.email, 'USD')
    const number = await server.book(customer)
    await server.confirm(number)
    const price = await priceOf(number)
    const list = await charges(customer, number)
    expect(list.map((c) => [c.currency, c.amount, c.gstCode])).toEqual(
      price.lines.map((line) => ['USD', line.amountUsd, 'ZR']),
    )
    // The start-up pass finds nothing to do for it.
    await ensureQuotedCharges(server.db)
    expect(await charges(customer, number)).toHaveLength(list.length)
  })

  it('gives a booking confirmed before charges existed its charges once at start-up', async () => {
    const customer = await server.login()
    const number = await server.book(customer)
    await server.confirm(number)
    // As an older database had it: confirmed, no charges, no currency.
    const { id } = await server.db
      .selectFrom('bookings')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
    await server.db.deleteFrom('booking_charges').where('booking_id', '=', id).execute()
    await server.db.updateTable('bookings').set({ currency: null }).where('id', '=', id).execute()
    await Promise.all([ensureQuotedCharges(server.db), ensureQuotedCharges(server.db)])
    const price = await priceOf(number)
    expect(await charges(customer, number)).toHaveLength(price.lines.length)
  })
})

describe('a change request', () => {
  it('is added pending, mailed to the company’s Admins and Members, listed, and approved by a Member', async () => {
    const customer = await server.login()
    const number = await server.book(customer)
    await server.confirm(number)
    const ops = await server.staff(['operations'])
    const res = await server.send(ops, chargePaths.staffBookingCharges(number), 'POST', demurrage('SGD'))
    const added = (await res.json()) as ChargeAnswer
    expect(res.status, JSON.stringify(added)).toBe(201)
    expect(added.message).toBe(chargeMessages.requested)
    expect(added.charge).toMatchObject({
      code: 'DEM',
      currency: 'SGD',
      amount: 45_000,
      gstCode: 'ZR',
      source: 'change',
      status: 'pending',
      reason: demurrage('SGD').reason,
    })
    expect(added.charge.requestedBy).toMatch(/^Staff \d+$/)

    const mails = await server.outbox(customer.email)
    const mail = mails.find((m) => m.subject.includes('waits for your approval'))
    expect(mail?.subject).toBe(`Booking ${number}: a charge waits for your approval (SGD 450.00)`)
    expect(mail?.text).toContain(demurrage('SGD').reason)
    expect(mail?.text).toContain(`/user/bookings/${number}`)

    // The customer sees it, with the team's name for who added it.
    const mine = (await charges(customer, number)).find((c) => c.id === added.charge.id)
    expect(mine).toMatchObject({ status: 'pending', requestedBy: 'eShip operations' })
    const pending = (await (await server.send(customer, chargePaths.pending)).json()) as PendingChargeItem[]
    expect(pending.map((c) => c.id)).toEqual([added.charge.id])
    expect(pending[0]?.route).toMatch(/\(SGSIN\) → .*\(INNSA\)$/)
    const dashboard = (await (await server.send(customer, '/api/dashboard')).json()) as {
      attention: { pendingCharges: { id: number; bookingNumber: string }[] }
    }
    expect(dashboard.attention.pendingCharges).toEqual([
      expect.objectContaining({ id: added.charge.id, bookingNumber: number, amount: 45_000 }),
    ])
    const waiting = (await (await server.send(ops, invoicePaths.staffWaiting)).json()) as WaitingCharge[]
    expect(waiting.map((c) => c.id)).toContain(added.charge.id)

    const decided = await server.send(customer, chargePaths.decide(added.charge.id), 'POST', {
      decision: 'approve',
      reason: 'As agreed with your operations team.',
    })
    const answer = (await decided.json()) as ChargeAnswer
    expect(decided.status, JSON.stringify(answer)).toBe(200)
    expect(answer).toMatchObject({
      message: chargeMessages.approved,
      charge: { status: 'approved', decisionReason: 'As agreed with your operations team.' },
    })
    expect(answer.charge.decidedBy).toMatch(/^Test User/)
    // Decided once: the chart refuses a second answer.
    const again = await server.send(customer, chargePaths.decide(added.charge.id), 'POST', {
      decision: 'decline',
      reason: 'Changed our mind.',
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: chargeMessages.notPending })
    expect(await (await server.send(customer, chargePaths.pending)).json()).toEqual([])

    const audit = await server.db
      .selectFrom('audit_events')
      .select(['action', 'record_id'])
      .where('record_type', '=', 'charge')
      .where('record_id', '=', String(added.charge.id))
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['charge.requested', 'charge.approved'])
  })

  it('is mailed to Admins and Members whose booking mails are on, never to a Viewer', async () => {
    const customer = await server.login()
    const number = await server.book(customer)
    await server.confirm(number)
    const member = await server.colleague(customer.email, 'member')
    const quiet = await server.colleague(customer.email, 'member')
    const viewer = await server.colleague(customer.email, 'viewer')
    await server.db
      .updateTable('users')
      .set({ notify_milestones: false })
      .where('esus_email_id', '=', quiet.email)
      .execute()
    const ops = await server.staff(['operations'])
    const res = await server.send(ops, chargePaths.staffBookingCharges(number), 'POST', demurrage('SGD'))
    expect(res.status).toBe(201)
    const told = async (email: string) =>
      (await server.outbox(email)).filter((m) => m.subject.includes('waits for your approval')).length
    expect([
      await told(customer.email),
      await told(member.email),
      await told(quiet.email),
      await told(viewer.email),
    ]).toEqual([1, 1, 0, 0])
  })

  it('is declined with the customer’s reason, or withdrawn by staff with theirs', async () => {
    const customer = await server.login()
    const number = await server.book(customer)
    await server.confirm(number)
    const finance = await server.staff(['finance'])
    const add = async () =>
      (
        (await (
          await server.send(finance, chargePaths.staffBookingCharges(number), 'POST', {
            ...demurrage('SGD'),
            code: 'LOC',
            description: 'Repacking at our Singapore warehouse',
          })
        ).json()) as ChargeAnswer
      ).charge
    const first = await add()
    expect(first).toMatchObject({ gstCode: 'SR', source: 'change' })
    const declined = await server.send(customer, chargePaths.decide(first.id), 'POST', {
      decision: 'decline',
      reason: 'We did not ask for repacking.',
    })
    expect(declined.status).toBe(200)
    expect(((await declined.json()) as ChargeAnswer).charge).toMatchObject({
      status: 'declined',
      decisionReason: 'We did not ask for repacking.',
    })

    const second = await add()
    const withdrawn = await server.send(finance, chargePaths.staffWithdraw(second.id), 'POST', {
      reason: 'Added by mistake.',
    })
    expect(withdrawn.status).toBe(200)
    expect(((await withdrawn.json()) as ChargeAnswer).charge).toMatchObject({
      status: 'withdrawn',
      decisionReason: 'Added by mistake.',
    })
    // The customer can no longer answer it.
    const late = await server.send(customer, chargePaths.decide(second.id), 'POST', { decision: 'approve' })
    expect(late.status).toBe(409)
    const staffList = (await (
      await server.send(finance, chargePaths.staffBookingCharges(number))
    ).json()) as ChargeItem[]
    expect(staffList.slice(-2).map((c) => [c.status, c.decidedBy])).toEqual([
      ['declined', expect.stringMatching(/^Test User/)],
      ['withdrawn', expect.stringMatching(/^Staff \d+$/)],
    ])
  })
})

describe('the demo', () => {
  it('has one change request waiting on its latest confirmed booking, made once', async () => {
    await ensureDemoCustomer(server.db)
    const res = await server.app.request(
      apiPaths.login,
      postJson({ email: demoCustomer.email, password: demoCustomer.password }),
    )
    const demo = {
      ...bearer(((await res.json()) as LoginResponse).token as string),
      email: demoCustomer.email,
    }
    const number = await server.book(demo)
    await server.confirm(number)
    expect(await ensureDemoCharges(server.db, server.clock.now())).toBe(1)
    expect(await ensureDemoCharges(server.db, server.clock.now())).toBe(0)
    const pending = (await (await server.send(demo, chargePaths.pending)).json()) as PendingChargeItem[]
    expect(pending).toEqual([
      expect.objectContaining({ bookingNumber: number, code: 'DEM', currency: 'SGD', status: 'pending' }),
    ])
    // The demo company can be invoiced at once: it has a billing address.
    const company = await server.db
      .selectFrom('customers')
      .innerJoin('users', 'users.customer_id', 'customers.id')
      .select('customers.billing_address')
      .where('users.esus_email_id', '=', demoCustomer.email)
      .executeTakeFirstOrThrow()
    expect(company.billing_address).toMatch(/Singapore/)
  })
})
