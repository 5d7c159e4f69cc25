import type { APIRequestContext } from '@playwright/test'
import { noServices } from '../contract/pricing/types'
import type { PriceResponse, QuoteDetail } from '../contract/quotes'
import type { LoginResponse, SessionUser } from '../contract/wire'
import { test as base, clientAddress, createCustomer, expect, quoteThroughApi } from './fixtures'
import { offerPaths, title } from './quote-model-paths'
import { type Offer, replayOffer } from './quote-model-replay'

/**
 * The offer chart's own paths (/user/getquote and /user/confirm-quote), replayed through the pages: each
 * user event becomes what a user does, each answer of an invoked actor (getQuote, priceQuoteServices,
 * confirmQuote, requoteQuote) is served through a route from the path, and each state reached is checked
 * on screen. The answers are built from a real quote the shared server priced for this worker (its
 * options, tariffs and fx), so the totals on screen are the real ones: an expired quote is that quote as
 * the server shows it once its validity has passed (status Expired), a changed price at confirmation the
 * server's own price with insurance. Requoting answers the quote the server really requoted, whose page
 * then loads from the server. The journeys against the unrouted server are e2e/quote.spec.ts.
 */

const test = base.extend<object, { offer: Offer }>({
  offer: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL as string,
        extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
      })
      await use(await pricedOffer(request))
      await request.dispose()
    },
    { scope: 'worker' },
  ],
})

async function pricedOffer(request: APIRequestContext): Promise<Offer> {
  const customer = await createCustomer(request, 'offer')
  const login = (await (
    await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })
  ).json()) as LoginResponse
  const token = login.token ?? ''
  const headers = { Authorization: `Bearer ${token}` }
  const quote = await quoteThroughApi(request, token, { cargoValue: 2_500_000 })
  const optionId = quote.options[0]?.id ?? 0
  const priced = await request.post(`/api/quotes/${quote.number}/price`, {
    headers,
    data: { optionId, services: { ...noServices, insurance: true } },
  })
  expect(priced.ok()).toBe(true)
  const insured = (await priced.json()) as PriceResponse
  const again = await request.post(`/api/quotes/${quote.number}/requote`, { headers })
  const { quote: requoted } = (await again.json()) as { quote: QuoteDetail }
  expect(requoted.number).not.toBe(quote.number)
  return { token, user: login.user as SessionUser, quote, optionId, insured, requoted }
}

for (const step of ['services', 'confirm'] as const) {
  for (const [number, path] of offerPaths(step).entries()) {
    test(`quote offer (${step}) path ${number + 1}: ${title(path)}`, async ({ page, offer }) => {
      await replayOffer(page, path, offer, step)
    })
  }
}
