/**
 * The same search twice (issue 34, server/quotes/same-search.ts), through the API: an identical "Get quote"
 * within SAME_SEARCH_REOPENS_MINUTES reopens the open quote, presses at once store one, another cargo or a
 * later search stores a new one, and the older quote of the same search leaves My Quotes, the expiry
 * reminders and the sales desk's follow-ups. And what My Quotes says of a quote: a booked quote's total is its
 * booking's, and a quote our sales team priced names who priced it.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceSelection } from '../../contract/pricing/types'
import {
  type CreateQuoteResponse,
  containersOf,
  madeByLine,
  type QuoteDetail,
  type QuoteSummary,
  SAME_SEARCH_REOPENS_MINUTES,
} from '../../contract/quotes'
import { QuoteReminderJob } from '../../server/jobs/quote-reminders'
import { createMailer } from '../../server/mail/index'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { bearer, postJson } from './helpers'
import { createTestStaff, staffToken, type TestStaff } from './staff-helpers'

let server: BookingServer
let customer: Auth
let salesPerson: TestStaff
let salesName: string

beforeAll(async () => {
  server = await setupBookingServer()
  customer = await server.login()
  const person = await createTestStaff(server.db, ['sales'])
  salesPerson = person
  salesName = (
    await server.db
      .selectFrom('staff_members')
      .select('name')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow()
  ).name
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const MINUTE = 60_000

/** Time passes for the customer, who keeps using the app (a session idles out after 15 minutes). */
async function timePasses(minutes: number) {
  for (let left = minutes; left > 0; left -= 10) {
    server.clock.advance(Math.min(left, 10) * MINUTE)
    expect((await server.call(customer, '/api/quotes')).status).toBe(200)
  }
}

/** A sales person signed in now (a minute on, so the authenticator shows a code not used yet). */
async function salesToken() {
  await timePasses(1)
  return staffToken(server.app, salesPerson, server.clock.now())
}
let cargo = 0
/** A request of its own (its commodity), so each test starts with no quote of it. */
const fresh = () => server.fcl({ commodity: `Machine parts, lot ${++cargo}` })

async function search(auth: Auth, request = server.fcl()) {
  const res = await server.call(auth, '/api/quotes', postJson(request))
  const body = (await res.json()) as CreateQuoteResponse
  expect(body.quote, JSON.stringify(body)).toBeTruthy()
  return { status: res.status, reopened: body.reopened ?? false, quote: body.quote as QuoteDetail }
}

const myQuotes = async (auth: Auth) =>
  ((await (await server.call(auth, '/api/quotes')).json()) as { quotes: QuoteSummary[] }).quotes

describe('the same search twice', () => {
  it('reopens the open quote: the same number, nothing stored again', async () => {
    const request = fresh()
    const first = await search(customer, request)
    expect(first).toMatchObject({ status: 201, reopened: false })
    await timePasses(5)
    // The same request with its keys in another order is the same search.
    const reordered = Object.fromEntries(Object.entries(request).reverse()) as typeof request
    const again = await search(customer, reordered)
    expect(again).toMatchObject({ status: 200, reopened: true })
    expect(again.quote).toEqual(first.quote)
    const listed = (await myQuotes(customer)).filter((q) => q.number === first.quote.number)
    expect(listed).toHaveLength(1)
    expect(
      await server.db.selectFrom('quotes').select('id').where('number', '=', first.quote.number).execute(),
    ).toHaveLength(1)
  })

  it('stores a new quote for other cargo, another ready date or another company', async () => {
    const request = fresh()
    const first = await search(customer, request)
    const others = [
      { ...request, containers: [{ type: '40HC' as const, count: 3 }] },
      { ...request, commodity: `${request.commodity} and tools` },
      {
        ...request,
        readyDate: new Date(server.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10),
      },
    ]
    const numbers = new Set([first.quote.number])
    for (const other of others) {
      const made = await search(customer, other)
      expect(made.status).toBe(201)
      numbers.add(made.quote.number)
    }
    const colleagueElsewhere = await server.login()
    const theirs = await search(colleagueElsewhere, request)
    expect(theirs.status).toBe(201)
    numbers.add(theirs.quote.number)
    expect(numbers.size).toBe(5)
  })

  it('stores a new quote when the sheets in force price it otherwise since', async () => {
    const request = fresh()
    const first = await search(customer, request)
    // As if a rate sheet had changed after the first quote was made.
    await server.db
      .updateTable('quote_options')
      .set((eb) => ({ total_usd: eb('total_usd', '+', 100) }))
      .where(
        'id',
        'in',
        first.quote.options.map((o) => o.id),
      )
      .execute()
    const again = await search(customer, request)
    expect(again.status).toBe(201)
    expect(again.quote.number).not.toBe(first.quote.number)
    expect((await myQuotes(customer)).map((q) => q.number)).not.toContain(first.quote.number)
  })

  it('stores one quote for presses at once', async () => {
    const request = fresh()
    const answers = await Promise.all([1, 2, 3].map(() => search(customer, request)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201])
    expect(new Set(answers.map((a) => a.quote.number)).size).toBe(1)
    const stored = await server.db
      .selectFrom('quotes')
      .select('number')
      .where(sql<boolean>`request = ${JSON.stringify(request)}::jsonb`)
      .execute()
    expect(stored).toHaveLength(1)
  })

  it('stores a new quote after the window or once booked, and the older one leaves My Quotes', async () => {
    const request = fresh()
    const first = await search(customer, request)
    await timePasses(SAME_SEARCH_REOPENS_MINUTES - 1)
    expect((await search(customer, request)).quote.number).toBe(first.quote.number)
    await timePasses(2)
    const later = await search(customer, request)
    expect(later.status).toBe(201)
    expect(later.quote.number).not.toBe(first.quote.number)
    const numbers = (await myQuotes(customer)).map((q) => q.number)
    expect(numbers).toContain(later.quote.number)
    expect(numbers).not.toContain(first.quote.number)
    // Still the customer's, by its number.
    expect((await server.call(customer, `/api/quotes/${first.quote.number}`)).status).toBe(200)

    // Searching and booking books the open quote; a booked quote is not reopened, and stays listed.
    const booking = await server.book(customer, request)
    const after = await search(customer, request)
    expect(after.status).toBe(201)
    const rows = await myQuotes(customer)
    expect(rows.find((q) => q.number === later.quote.number)).toMatchObject({ bookingNumber: booking })
    expect(rows.map((q) => q.number)).toContain(after.quote.number)
  })

  it('is left out of the expiry reminders, the dashboard and the follow-ups once a newer quote of it is made', async () => {
    const request = fresh()
    const older = await search(customer, request)
    await timePasses(SAME_SEARCH_REOPENS_MINUTES + 1)
    const newer = await search(customer, request)
    // Both expire tomorrow in Singapore.
    const tomorrow = new Date(server.clock.now().getTime() + 8 * 3_600_000 + 86_400_000)
      .toISOString()
      .slice(0, 10)
    await server.db
      .updateTable('quote_options')
      .set({ valid_to: tomorrow })
      .where(
        'id',
        'in',
        [...older.quote.options, ...newer.quote.options].map((o) => o.id),
      )
      .execute()

    const followUps = (await (
      await server.app.request('/api/staff/follow-ups', { headers: bearer(await salesToken()) })
    ).json()) as { quotes: { number: string }[] }
    const followed = followUps.quotes.map((q) => q.number)
    expect(followed).toContain(newer.quote.number)
    expect(followed).not.toContain(older.quote.number)

    const dashboard = (await (await server.call(customer, '/api/dashboard')).json()) as {
      attention: { expiringQuotes: { number: string }[] }
    }
    const expiring = dashboard.attention.expiringQuotes.map((q) => q.number)
    expect(expiring).toContain(newer.quote.number)
    expect(expiring).not.toContain(older.quote.number)

    await new QuoteReminderJob({
      db: server.db,
      mailer: createMailer({ appUrl: 'https://app.eship.test' }),
      now: server.clock.now,
    }).runOnce()
    const reminded = async (number: string) =>
      (await server.outbox(customer.email)).filter((m) => m.subject.startsWith(`Quote ${number} expires`))
    expect(await reminded(newer.quote.number)).toHaveLength(1)
    expect(await reminded(older.quote.number)).toEqual([])
  })
})

describe('what My Quotes says of a quote', () => {
  it("shows a booked quote at its booking's total, services included", async () => {
    const { quote } = await search(customer, fresh())
    const option = quote.options[0] as QuoteDetail['options'][number]
    const services: ServiceSelection = {
      exportCustoms: true,
      importCustoms: false,
      insurance: true,
      pickup: 'A',
      delivery: null,
    }
    const priced = (await (
      await server.call(
        customer,
        `/api/quotes/${quote.number}/price`,
        postJson({ optionId: option.id, services }),
      )
    ).json()) as { price: { totalUsd: number } }
    expect(priced.price.totalUsd).toBeGreaterThan(option.totalUsd)
    // Before booking: the option's total before services, said to be so.
    expect((await myQuotes(customer)).find((q) => q.number === quote.number)).toMatchObject({
      totalUsd: option.totalUsd,
      totalOf: 'quote',
    })
    const confirmed = await server.call(
      customer,
      `/api/quotes/${quote.number}/confirm`,
      postJson({
        optionId: option.id,
        services,
        shipper: { name: 'Alice Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
        consignee: { name: 'Mumbai Imports Pvt Ltd', address: '5 Marine Drive, Mumbai 400002, India' },
        pickupAddress: '21 Tuas Avenue 4, Singapore 639383',
        cargoDescription: 'Machine parts in crates',
        containerWeightsKg: containersOf(quote.request).map(() => 18_400),
        acceptTerms: true,
        shownTotalUsd: priced.price.totalUsd,
      }),
    )
    const { booking } = (await confirmed.json()) as { booking: { number: string } }
    expect(confirmed.status).toBe(201)
    const page = (await (await server.call(customer, `/api/bookings/${booking.number}`)).json()) as {
      price: { totalUsd: number }
    }
    const listed = (await myQuotes(customer)).find((q) => q.number === quote.number)
    expect(listed).toMatchObject({ status: 'Booked', bookingNumber: booking.number, totalOf: 'booking' })
    expect(listed?.totalUsd).toBe(page.price.totalUsd)
    expect(listed?.totalUsd).toBe(priced.price.totalUsd)
  })

  it('names the sales person who priced a request, and the customer for an instant quote', async () => {
    const requested = await server.call(
      customer,
      '/api/quote-requests',
      postJson({ request: server.fcl({ origin: 'SGSIN', destination: 'BRSSZ' }) }),
    )
    const { number } = ((await requested.json()) as { quote: QuoteDetail }).quote
    const sales = await salesToken()
    const staff = (path: string, body: unknown) => server.app.request(path, postJson(body, bearer(sales)))
    expect((await staff(`/api/staff/quote-requests/${number}/assign`, {})).status).toBe(200)
    const validTo = new Date(server.clock.now().getTime() + 14 * 86_400_000).toISOString().slice(0, 10)
    const sent = await staff(`/api/staff/quote-requests/${number}/offers`, {
      carrier: 'MSC',
      service: 'Via Singapore',
      transitDays: 28,
      validTo,
      note: 'Space confirmed.',
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
      ],
    })
    expect(sent.status).toBe(200)

    const page = (
      (await (await server.call(customer, `/api/quotes/${number}`)).json()) as { quote: QuoteDetail }
    ).quote
    const row = (await myQuotes(customer)).find((q) => q.number === number) as QuoteSummary
    expect(page.pricedBy).toBe(salesName)
    expect(row.pricedBy).toBe(salesName)
    const me = page.madeBy
    const line = `Requested by ${me}, priced by ${salesName} of our sales team`
    expect(madeByLine({ requested: page.kind === 'requested' || page.salesDesk !== null, ...page })).toBe(
      line,
    )
    expect(madeByLine({ requested: row.pricedBySales, ...row })).toBe(line)

    const instant = await search(customer, fresh())
    expect(instant.quote.pricedBy).toBeNull()
    const instantRow = (await myQuotes(customer)).find(
      (q) => q.number === instant.quote.number,
    ) as QuoteSummary
    expect(madeByLine({ requested: false, ...instantRow })).toBe(`Quoted by ${me}`)
  })
})
