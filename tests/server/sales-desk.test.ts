import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Offer, OfferInput } from '../../contract/quote-desk'
import { deskMessages } from '../../contract/quote-desk'
import type { QuoteDetail, QuoteSummary } from '../../contract/quotes'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer, postJson } from './helpers'
import { createTestStaff, staffToken } from './staff-helpers'

let server: BookingServer
let customer: Auth
let sales: string
let salesId: number
let operations: string

beforeAll(async () => {
  server = await setupBookingServer()
  customer = await server.login()
  const person = await createTestStaff(server.db, ['sales'])
  salesId = person.id
  sales = await staffToken(server.app, person, server.clock.now())
  operations = await staffToken(
    server.app,
    await createTestStaff(server.db, ['operations']),
    server.clock.now(),
  )
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const staff = (token: string, path: string, body?: unknown) =>
  server.app.request(path, body === undefined ? { headers: bearer(token) } : postJson(body, bearer(token)))

/** A lane without an instant rate: the customer asks the sales team. */
async function requestQuote(): Promise<string> {
  const res = await server.call(
    customer,
    '/api/quote-requests',
    postJson({ request: server.fcl({ origin: 'SGSIN', destination: 'BRSSZ' }), notes: 'Monthly, 2 x 40HC.' }),
  )
  const body = (await res.json()) as { quote: QuoteDetail }
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body.quote.number
}

const inDays = (days: number) =>
  new Date(server.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10)

const offer = (overrides: Partial<OfferInput> = {}): OfferInput => ({
  carrier: 'MSC',
  service: 'Via Singapore',
  transitDays: 28,
  validTo: inDays(14),
  note: 'Space confirmed on the 12 Dec sailing.',
  lines: [
    {
      code: 'BAS',
      name: 'Ocean freight',
      side: 'freight',
      basis: 'container',
      containerType: '40HC',
      currency: 'USD',
      amount: 210_000,
      minimum: 0,
    },
    {
      code: 'OTHC',
      name: 'Origin terminal handling',
      side: 'origin',
      basis: 'container',
      containerType: '40HC',
      currency: 'SGD',
      amount: 32_000,
      minimum: 0,
    },
    {
      code: 'DOC',
      name: 'Documentation',
      side: 'origin',
      basis: 'shipment',
      currency: 'USD',
      amount: 6_500,
      minimum: 0,
    },
  ],
  ...overrides,
})

const customerQuote = async (number: string) =>
  ((await (await server.call(customer, `/api/quotes/${number}`)).json()) as { quote: QuoteDetail }).quote

describe('the sales desk', () => {
  it('takes a request from the queue to an offer the customer confirms, each step as the lifecycle allows', async () => {
    const number = await requestQuote()
    const queue = (await (await staff(sales, '/api/staff/quote-requests')).json()) as {
      requests: { number: string; state: string; serviceLevel: { level: string } }[]
    }
    expect(queue.requests.find((r) => r.number === number)).toMatchObject({
      state: 'Requested',
      serviceLevel: { level: expect.any(String) },
    })

    // Only the sales role prices.
    const forbidden = await staff(operations, `/api/staff/quote-requests/${number}/offers`, offer())
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({ message: 'This needs the Sales role.' })
    // Not before someone takes it.
    expect((await staff(sales, `/api/staff/quote-requests/${number}/offers`, offer())).status).toBe(409)

    const assigned = await staff(sales, `/api/staff/quote-requests/${number}/assign`, {})
    expect(
      ((await assigned.json()) as { request: { state: string; assignee: { id: number } } }).request,
    ).toMatchObject({
      state: 'In progress',
      assignee: { id: salesId },
    })

    const preview = (await (
      await staff(sales, `/api/staff/quote-requests/${number}/preview`, offer())
    ).json()) as {
      price: { totalUsd: number; lines: { code: string; amountUsd: number }[] }
    }
    expect(preview.price.lines.map((line) => line.code)).toEqual(
      expect.arrayContaining(['BAS', 'OTHC', 'DOC']),
    )
    // 2 × 40HC at USD 2,100 plus the rest.
    expect(preview.price.lines.find((line) => line.code === 'BAS')?.amountUsd).toBe(420_000)

    const sent = await staff(sales, `/api/staff/quote-requests/${number}/offers`, offer())
    expect(sent.status).toBe(200)
    expect(await sent.json()).toMatchObject({
      version: 1,
      superseded: [],
      price: { totalUsd: preview.price.totalUsd },
    })

    // The customer is mailed, sees it Active and priced by the sales team, and the preview price is theirs.
    const [mail] = (await server.outbox(customer.email)).slice(-1)
    expect(mail?.subject).toBe(`Your quote ${number} is ready: SGSIN to BRSSZ`)
    const quote = await customerQuote(number)
    expect(quote).toMatchObject({ status: 'Active', kind: 'priced', salesDesk: { state: 'Offer sent' } })
    expect(quote.options).toHaveLength(1)
    const option = quote.options[0] as QuoteDetail['options'][number]
    expect(option).toMatchObject({ carrier: 'MSC', transitDays: 28, totalUsd: preview.price.totalUsd })
    const list = (await (await server.call(customer, '/api/quotes')).json()) as { quotes: QuoteSummary[] }
    expect(list.quotes.find((q) => q.number === number)).toMatchObject({
      status: 'Active',
      pricedBySales: true,
    })

    // A revised offer supersedes the first; both versions stay visible.
    const revised = await staff(
      sales,
      `/api/staff/quote-requests/${number}/offers`,
      offer({ carrier: 'CMA CGM', transitDays: 26 }),
    )
    expect(await revised.json()).toMatchObject({ version: 2, superseded: [1] })
    const again = await customerQuote(number)
    expect(again.options.map((o) => o.carrier)).toEqual(['CMA CGM'])
    expect(again.salesDesk?.offers.map((o) => [o.version, o.superseded])).toEqual([
      [2, false],
      [1, true],
    ])

    // The customer confirms it like an instant quote: the request is Accepted.
    const current = again.options[0] as QuoteDetail['options'][number]
    const booked = await server.call(
      customer,
      `/api/quotes/${number}/confirm`,
      postJson({
        optionId: current.id,
        services: {
          exportCustoms: false,
          importCustoms: false,
          insurance: false,
          pickup: null,
          delivery: null,
        },
        shipper: { name: 'Alice Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
        consignee: { name: 'Santos Imports Ltda', address: 'Rua XV de Novembro 100, Santos, Brazil' },
        cargoDescription: 'Machine parts in crates',
        containerWeightsKg: [18_400, 18_400],
        acceptTerms: true,
        shownTotalUsd: current.totalUsd,
      }),
    )
    expect(booked.status).toBe(201)
    expect((await customerQuote(number)).salesDesk?.state).toBe('Accepted')
    expect((await staff(sales, `/api/staff/quote-requests/${number}/offers`, offer())).status).toBe(409)
  })

  it('lets the customer decline with a reason, and sales send a revised offer after it', async () => {
    const number = await requestQuote()
    await staff(sales, `/api/staff/quote-requests/${number}/assign`, {})
    await staff(sales, `/api/staff/quote-requests/${number}/offers`, offer())
    const empty = await server.call(customer, `/api/quotes/${number}/decline`, postJson({ reason: '  ' }))
    expect(empty.status).toBe(422)
    const declined = await server.call(
      customer,
      `/api/quotes/${number}/decline`,
      postJson({ reason: 'Too dear: we have USD 3,900 all in.' }),
    )
    expect(await declined.json()).toEqual({ message: deskMessages.declined })
    const detail = (await (await staff(sales, `/api/staff/quote-requests/${number}`)).json()) as {
      request: { state: string; declineReason: string }
    }
    expect(detail.request).toMatchObject({
      state: 'Declined',
      declineReason: 'Too dear: we have USD 3,900 all in.',
    })
    const revised = await staff(
      sales,
      `/api/staff/quote-requests/${number}/offers`,
      offer({ lines: offer().lines?.slice(0, 1) }),
    )
    expect(await revised.json()).toMatchObject({ version: 2 })
    expect((await customerQuote(number)).salesDesk?.state).toBe('Offer sent')
    // Another company cannot decline it.
    const other = await server.login()
    expect(
      (await server.call(other, `/api/quotes/${number}/decline`, postJson({ reason: 'x' }))).status,
    ).toBe(404)
  })

  it('refuses an offer valid until a past day, a currency without a rate, and a container line without its type', async () => {
    const number = await requestQuote()
    await staff(sales, `/api/staff/quote-requests/${number}/assign`, {})
    const past = await staff(
      sales,
      `/api/staff/quote-requests/${number}/preview`,
      offer({ validTo: inDays(-1) }),
    )
    expect(await past.json()).toMatchObject({
      message: deskMessages.validToPast,
      errors: { validTo: [deskMessages.validToPast] },
    })
    const lines = offer().lines as Offer['lines']
    const currency = await staff(
      sales,
      `/api/staff/quote-requests/${number}/preview`,
      offer({ lines: [{ ...lines[0], currency: 'XYZ' } as Offer['lines'][number]] }),
    )
    expect(await currency.json()).toMatchObject({
      errors: { 'lines.0.currency': [deskMessages.currencyUnknown] },
    })
    const untyped = await staff(
      sales,
      `/api/staff/quote-requests/${number}/preview`,
      offer({ lines: [{ ...lines[0], containerType: undefined } as Offer['lines'][number]] }),
    )
    expect(untyped.status).toBe(422)
    expect(
      ((await untyped.json()) as { errors: Record<string, string[]> }).errors['lines.0.containerType'],
    ).toEqual([deskMessages.containerTypeRequired])
    // Assigning to someone without the sales role is refused.
    const wrong = await staff(sales, `/api/staff/quote-requests/${number}/assign`, { staffId: 2_000_000 })
    expect(wrong.status).toBe(422)
  })

  it('gives a request to the colleague chosen, and a colleague takes one for themself', async () => {
    const number = await requestQuote()
    const colleague = await createTestStaff(server.db, ['sales'])
    const colleagueToken = await staffToken(server.app, colleague, server.clock.now())
    const { name } = await server.db
      .selectFrom('staff_members')
      .select('name')
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow()
    const given = await staff(sales, `/api/staff/quote-requests/${number}/assign`, { staffId: colleague.id })
    expect(given.status).toBe(200)
    expect(((await given.json()) as { request: { state: string; assignee: unknown } }).request).toMatchObject(
      {
        state: 'In progress',
        assignee: { id: colleague.id, name },
      },
    )
    const detail = await staff(sales, `/api/staff/quote-requests/${number}`)
    expect(((await detail.json()) as { request: { assignee: { id: number } } }).request.assignee.id).toBe(
      colleague.id,
    )
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['actor_staff_id', 'changes'])
      .where('record_id', '=', number)
      .where('action', '=', 'quote_request.assigned')
      .executeTakeFirstOrThrow()
    expect(audit.actor_staff_id).toBe(salesId)
    expect(audit.changes?.assignee).toEqual({ before: null, after: name })
    // The colleague gives it back; then, naming nobody, takes it for themself.
    const back = await staff(colleagueToken, `/api/staff/quote-requests/${number}/assign`, {
      staffId: salesId,
    })
    expect(((await back.json()) as { request: { assignee: { id: number } } }).request.assignee.id).toBe(
      salesId,
    )
    const taken = await staff(colleagueToken, `/api/staff/quote-requests/${number}/assign`, {})
    expect(((await taken.json()) as { request: { assignee: { id: number } } }).request.assignee.id).toBe(
      colleague.id,
    )
  })

  it('lists instant quotes that expire unbooked within 3 days, and not later ones, booked ones or requests', async () => {
    const instant = async (validTo: string) => {
      // Each its own cargo: the same search again would reopen the first quote (issue 34).
      const created = await server.call(customer, '/api/quotes', postJson(server.fcl({ commodity: validTo })))
      const { quote } = (await created.json()) as { quote: QuoteDetail }
      const ids = quote.options.map((o) => o.id)
      await server.db.updateTable('quote_options').set({ valid_to: validTo }).where('id', 'in', ids).execute()
      return quote.number
    }
    const soon = await instant(inDays(2))
    const later = await instant(inDays(5))
    const booked = await server.book(customer)
    const res = (await (await staff(sales, '/api/staff/follow-ups')).json()) as {
      quotes: { number: string; validTo: string; email: string }[]
    }
    const numbers = res.quotes.map((q) => q.number)
    expect(numbers).toContain(soon)
    expect(numbers).not.toContain(later)
    expect(res.quotes.find((q) => q.number === soon)).toMatchObject({
      validTo: inDays(2),
      email: customer.email,
    })
    const bookedQuote = await server.db
      .selectFrom('bookings as b')
      .innerJoin('quotes as q', 'q.id', 'b.quote_id')
      .select('q.number')
      .where('b.number', '=', booked)
      .executeTakeFirstOrThrow()
    expect(numbers).not.toContain(bookedQuote.number)
    expect((await staff(operations, '/api/staff/follow-ups')).status).toBe(403)
  })
})

describe('the audit trail of a request', () => {
  it('lists each step, who took it in which role, and from where', async () => {
    const number = await requestQuote()
    await staff(sales, `/api/staff/quote-requests/${number}/assign`, {})
    await staff(sales, `/api/staff/quote-requests/${number}/offers`, offer())
    await server.call(
      customer,
      `/api/conversations/quote/${number}/messages`,
      postJson({ body: 'Any faster sailing?' }),
    )
    await server.call(customer, `/api/quotes/${number}/decline`, postJson({ reason: 'Too slow.' }))
    const admin = await staffToken(
      server.app,
      await createTestStaff(server.db, ['admin']),
      server.clock.now(),
    )
    const res = await staff(admin, `/api/staff/audit?recordType=quote&recordId=${number}`)
    expect(res.status).toBe(200)
    const { events } = (await res.json()) as {
      events: { action: string; actor: { kind: string; role: string | null; label: string } }[]
    }
    expect(events.map((event) => [event.action, event.actor.kind, event.actor.role])).toEqual([
      ['offer.declined', 'customer', null],
      ['message.sent', 'customer', null],
      ['offer.sent', 'staff', 'sales'],
      ['quote_request.assigned', 'staff', 'sales'],
      ['quote.requested', 'customer', null],
    ])
    // Only admins read the trail.
    expect((await staff(sales, '/api/staff/audit')).status).toBe(403)
  })
})
