import type { APIRequestContext, Page, Route } from '@playwright/test'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { sessionStorageKeys, storageKeys } from '../contract/constants'
import { noServices } from '../contract/pricing/types'
import { confirmMessages, type PriceResponse, type QuoteDetail, singaporeDate } from '../contract/quotes'
import type { LoginResponse, SessionUser } from '../contract/wire'
import { previewPrice } from '../machines/quote-offer'
import { quoteOfferMachine } from '../machines/quote-offer.machine'
import { pathsOf, withoutPrefixes } from '../tests/machines/model'
import { test as base, clientAddress, createCustomer, expect } from './fixtures'

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

type Event = EventObject & Record<string, unknown>

interface Offer {
  token: string
  user: SessionUser
  quote: QuoteDetail
  optionId: number
  /** The server's price of the option with insurance: the "new price" of a 409. */
  insured: PriceResponse
  /** A real quote the server made by requoting. */
  requoted: QuoteDetail
}

const bookingNumber = 'ESB-2026000042'
const failedMessage = 'Our systems are busy. Please try again.'

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
  const created = await request.post('/api/quotes', {
    headers,
    data: {
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      readyDate: singaporeDate(new Date()),
      commodity: 'Teak furniture',
      containers: [{ type: '40HC', count: 1 }],
      cargoValue: 2_500_000,
    },
  })
  expect(created.ok()).toBe(true)
  const { quote } = (await created.json()) as { quote: QuoteDetail }
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

// ---- The chart's paths: graph-level stand-ins for the answers, each named by its variant -------------

const standIn = {
  number: 'ESQ-2026000001',
  kind: 'priced',
  status: 'Active',
  booking: null,
  options: [{ id: 1 }],
  request: { cargoValue: 2_500_000 },
  services: null,
} as unknown as QuoteDetail
const standInPrice = { totalUsd: 1, lines: [] }

const fill: [field: string, label: string, value: string | boolean][] = [
  ['shipperName', 'Shipper company name', 'Lion City Exports Pte Ltd'],
  ['shipperAddress', 'Shipper address', '10 Anson Road, #20-01, Singapore 079903'],
  ['consigneeName', 'Consignee company name', 'Mumbai Imports Pvt Ltd'],
  ['consigneeAddress', 'Consignee address', 'Plot 4, JNPT Road, Navi Mumbai 400707'],
  ['cargoDescription', 'Cargo description', 'Teak furniture, 40 cartons'],
  ['acceptTerms', 'I accept the terms and conditions', true],
]

const events: Event[] = [
  { type: 'xstate.done.actor.getQuote', output: standIn, variant: 'priced' },
  {
    type: 'xstate.done.actor.getQuote',
    output: { ...standIn, kind: 'requested', status: 'Requested', options: [] },
    variant: 'requested',
  },
  {
    type: 'xstate.done.actor.getQuote',
    output: { ...standIn, status: 'Booked', booking: { number: bookingNumber, status: 'RECEIVED' } },
    variant: 'booked',
  },
  { type: 'xstate.done.actor.getQuote', output: { ...standIn, status: 'Expired' }, variant: 'expired' },
  { type: 'xstate.error.actor.getQuote', error: { status: 404, message: confirmMessages.notFound } },
  { type: 'service.changed', service: 'insurance', value: true },
  { type: 'service.changed', service: 'insurance', value: false },
  { type: 'xstate.done.actor.priceQuoteServices', output: { price: standInPrice }, variant: 'price' },
  { type: 'xstate.error.actor.priceQuoteServices', error: { status: 500, message: failedMessage } },
  ...fill.map(([field, , value]) => ({ type: 'field.changed', field, value })),
  {
    type: 'xstate.done.actor.confirmQuote',
    output: { booking: { number: bookingNumber, status: 'RECEIVED' } },
  },
  {
    type: 'xstate.error.actor.confirmQuote',
    error: { status: 409, message: confirmMessages.priceChanged, price: standInPrice },
    variant: 'priceChanged',
  },
  { type: 'xstate.error.actor.confirmQuote', error: { status: 410, message: confirmMessages.expired } },
  { type: 'xstate.done.actor.requoteQuote', output: { quote: standIn }, variant: 'requoted' },
  { type: 'xstate.done.actor.requoteQuote', output: { quote: null } },
  { type: 'xstate.error.actor.requoteQuote', error: { status: 500, message: failedMessage } },
]

/** One vertex per screen: the state, how many fields are invalid, the message, insurance, a changed price. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context
  return JSON.stringify([
    snapshot.value,
    Object.keys(c.errors).length,
    c.message,
    c.services.insurance,
    c.changedPrice !== null,
  ])
}

type Path = ReturnType<typeof pathsOf>[number]

/** Whether the page shows the chart's message in a dialog (as src/features/quotes/offer-page.tsx does). */
function inDialog(snapshot: AnyMachineSnapshot) {
  const { message } = snapshot.context
  return (
    message !== null &&
    message !== confirmMessages.priceChanged &&
    !['failed', 'expired', 'requoting'].some((top) => snapshot.matches(top))
  )
}

/** The shortest path to every screen, leaving out a path another one goes through (it checks it on the way). */
function offerPaths(step: 'services' | 'confirm'): Path[] {
  const paths = pathsOf(quoteOfferMachine, {
    input: { number: standIn.number, optionId: 1, step },
    events,
    serializeState,
    // Blurs come with the user's moves; a second service change before the save is the machine tests' job.
    filterEvents: (snapshot, event) =>
      event.type !== 'field.blurred' &&
      !(snapshot.matches({ services: 'waiting' }) && event.type === 'service.changed') &&
      // While the choice is saved the loading overlay covers the page.
      !(snapshot.matches({ services: 'saving' }) && !event.type.startsWith('xstate.')) &&
      // A dialog over the page takes only its OK; the other messages are shown in the page.
      (!inDialog(snapshot) || event.type === 'dialog.acknowledged' || event.type.startsWith('xstate.')) &&
      !(event.type === 'dialog.acknowledged' && !inDialog(snapshot)) &&
      // A box is checked or unchecked only when it is not so already.
      !(
        event.type === 'service.changed' &&
        snapshot.context.services[String((event as Event).service)] === (event as Event).value
      ) &&
      // The confirmation page shares the load's outcomes and the requote with /user/getquote: its paths
      // start from a priced quote, and end at an expiry found on confirming.
      !(
        step === 'confirm' &&
        (event.type === 'user.requote' ||
          event.type === 'xstate.error.actor.getQuote' ||
          (event.type === 'xstate.done.actor.getQuote' && (event as Event).variant !== 'priced'))
      ),
  })
  return withoutPrefixes(paths, (event) => /^xstate\.(done|error)\.actor\./.test(event.type))
}

/** The path's events, each answer with its variant: "getQuote (expired) → user.requote → …". */
const title = (path: Path) =>
  path.steps
    .filter((s) => s.event.type !== 'xstate.init')
    .map(({ event }) => {
      const name = event.type
        .replace(/^xstate\.(done|error)\.actor\./, '$1 ')
        .replace(/^xstate\.after\..*/, 'after save')
      const { variant, field, service, value } = event as Event
      const detail = variant ?? field ?? (service ? `${service} ${value ? 'on' : 'off'}` : undefined)
      return detail ? `${name} (${detail})` : name
    })
    .join(' → ')

// ---- Replaying a path ----------------------------------------------------------------------------------

const actorOf = (method: string, pathname: string) => {
  if (method === 'GET' && /^\/api\/quotes\/[^/]+$/.test(pathname)) return 'getQuote'
  if (method === 'POST' && pathname.endsWith('/price')) return 'priceQuoteServices'
  if (method === 'POST' && pathname.endsWith('/confirm')) return 'confirmQuote'
  if (method === 'POST' && pathname.endsWith('/requote')) return 'requoteQuote'
  return null
}

/** The route's answer to an actor's step of the path, from the worker's real quote. */
function answerOf(event: Event, offer: Offer): (route: Route) => Promise<void> {
  const { quote } = offer
  if (event.type.startsWith('xstate.error.')) {
    const error = event.error as { status: number; message: string }
    const price = event.variant === 'priceChanged' ? { price: offer.insured.price } : {}
    return (route) => route.fulfill({ status: error.status, json: { message: error.message, ...price } })
  }
  switch (event.variant) {
    case 'priced':
      return (route) => route.fulfill({ json: { quote } })
    case 'requested':
      return (route) =>
        route.fulfill({
          json: { quote: { ...quote, kind: 'requested', status: 'Requested', options: [], validTo: null } },
        })
    case 'booked':
      return (route) =>
        route.fulfill({
          json: {
            quote: { ...quote, status: 'Booked', booking: { number: bookingNumber, status: 'RECEIVED' } },
          },
        })
    case 'expired':
      return (route) => route.fulfill({ json: { quote: { ...quote, status: 'Expired' } } })
    case 'price':
      // The server prices as the page previews (the same function): its answer for the services sent.
      return (route) => {
        const { optionId, services } = route.request().postDataJSON()
        const price = previewPrice(quote, optionId, services)
        return route.fulfill({ json: { price, validTo: price?.validTo ?? quote.validTo } })
      }
    case 'requoted':
      return (route) => route.fulfill({ json: { quote: offer.requoted } })
    default:
      return (route) =>
        route.fulfill({ status: event.type.includes('confirm') ? 201 : 200, json: event.output })
  }
}

async function perform(page: Page, event: Event) {
  // A person acts once the loading overlay of the last request has gone: a click while it fades out lands on
  // it (a forced click on the visually hidden checkbox once did, on a busy CI machine).
  await expect(page.getByTestId('loader')).toHaveCount(0)
  switch (event.type) {
    case 'service.changed': {
      const box = page.getByRole('checkbox', { name: /Cargo insurance/ })
      if (event.value) await box.check({ force: true })
      else await box.uncheck({ force: true })
      return
    }
    case 'user.continue':
      await page.getByRole('button', { name: 'Continue' }).click()
      return
    case 'field.changed': {
      const [, label] = fill.find(([field]) => field === event.field) ?? []
      if (event.field === 'acceptTerms') {
        await page.getByRole('checkbox', { name: label }).check({ force: true })
      } else {
        const input = page.getByLabel(label ?? '', { exact: true })
        await input.fill(String(event.value))
        await expect(input).toHaveValue(String(event.value))
      }
      return
    }
    case 'user.submit':
      await page.getByRole('button', { name: /^Confirm/ }).click()
      return
    case 'user.requote':
      await page.getByRole('button', { name: 'Requote at current rates' }).click()
      return
    case 'user.retry':
      await page.getByRole('button', { name: 'Try again' }).click()
      return
    case 'dialog.acknowledged':
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
      return
    default:
      throw new Error(`No user action for ${event.type}`)
  }
}

const usd = (cents: number) =>
  `USD ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** What the screen shows in a state; false when the page has left (the path ends there). */
async function expectScreen(page: Page, snapshot: AnyMachineSnapshot, offer: Offer) {
  const value = snapshot.value as string | Record<string, string>
  const top = typeof value === 'string' ? value : (Object.keys(value)[0] ?? '')
  const c = snapshot.context
  const dialog = page.getByRole('alertdialog')
  switch (top) {
    case 'left':
      await expect(page).toHaveURL(`/user/confirm-quote?quote=${offer.quote.number}&option=${offer.optionId}`)
      return false
    case 'requoted':
      await expect(page).toHaveURL(`/user/getquote?quote=${offer.requoted.number}`)
      // The requoted quote comes from the server itself.
      await expect(page.getByText(offer.requoted.number, { exact: true })).toBeVisible()
      await expect(page.getByTestId('quote-total')).toContainText('USD')
      return false
    case 'failed':
      await expect(page.getByRole('alert')).toContainText(String(c.message))
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
      return true
    case 'requested':
      await expect(page.getByRole('status').filter({ hasText: confirmMessages.requested })).toBeVisible()
      await expect(page.getByRole('button', { name: /Continue|Confirm/ })).toHaveCount(0)
      return true
    case 'booked':
      await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber)
      await expect(page.getByRole('button', { name: /^Confirm/ })).toHaveCount(0)
      return true
    case 'expired':
    case 'requoting':
      await expect(page.getByRole('alert')).toContainText(String(c.message ?? confirmMessages.expired))
      await expect(page.getByRole('button', { name: 'Requote at current rates' })).toBeVisible()
      await expect(page.getByTestId('quote-total')).toHaveCount(0)
      return true
  }
  // services or confirm: the price of the services chosen, or the server's new one after a 409.
  const total = c.changedPrice
    ? offer.insured.price.totalUsd
    : (previewPrice(offer.quote, offer.optionId, c.services)?.totalUsd ?? Number.NaN)
  await expect(page.getByTestId('quote-total')).toContainText(`Total ${usd(total)}`)
  if (top === 'services' || top === 'leaving') {
    const box = page.getByRole('checkbox', { name: /Cargo insurance/ })
    if (c.services.insurance) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
  }
  if (top === 'confirm') {
    const alert = page.getByRole('alert').filter({ hasText: confirmMessages.priceChanged })
    if (c.changedPrice) {
      await expect(alert).toContainText(`New total: ${usd(total)}`)
      await expect(page.getByRole('button', { name: `Confirm at ${usd(total)}` })).toBeVisible()
    } else {
      await expect(alert).toHaveCount(0)
    }
    if ((value as Record<string, string>).confirm === 'submitting') {
      await expect(page.getByRole('button', { name: /^Confirm/ })).toBeDisabled()
    }
  }
  if (inDialog(snapshot)) await expect(dialog).toContainText(String(c.message))
  else await expect(dialog).toHaveCount(0)
  return true
}

/**
 * Replays one path: the answer of an actor's next step is set before the user's move (or the clock's) that
 * makes the request; a request with no answer set is held, as the chart stays waiting for it; the page's
 * clock is paused, so the debounced save runs only on the path's `xstate.after` steps.
 */
async function replayOffer(page: Page, path: Path, offer: Offer, step: 'services' | 'confirm') {
  await page.addInitScript(
    ({ keys, token, user, at }) => {
      localStorage.setItem(keys.user, JSON.stringify(user))
      localStorage.setItem(keys.activity, String(at))
      localStorage.setItem(keys.token, token)
      sessionStorage.setItem(keys.pinged, 'true')
    },
    {
      keys: {
        user: storageKeys.currentUser,
        activity: storageKeys.lastActivityTimestamp,
        token: storageKeys.authToken,
        pinged: sessionStorageKeys.pinged,
      },
      token: offer.token,
      user: offer.user,
      at: Date.now(),
    },
  )
  await page.clock.install()
  const answers = new Map<string, (route: Route) => Promise<void>>()
  await page.route('**/api/quotes/**', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const actor = actorOf(request.method(), url.pathname)
    // The requoted quote's own page loads from the server.
    if (!actor || url.pathname.includes(offer.requoted.number)) return route.continue()
    const answer = answers.get(actor)
    answers.delete(actor)
    if (answer) await answer(route)
  })
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init')
  const response = /^xstate\.(done|error)\.actor\.(\w+)$/
  const expectAnswer = (index: number) => {
    const next = steps[index]
    const match = next?.event.type.match(response)
    if (next && match?.[2]) answers.set(match[2], answerOf(next.event as Event, offer))
  }
  // The first step is the quote's load, answered as the page opens.
  expectAnswer(0)
  const page_ = step === 'services' ? '/user/getquote' : '/user/confirm-quote'
  await page.goto(`${page_}?quote=${offer.quote.number}&option=${offer.optionId}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000)
  for (const [index, current] of steps.entries()) {
    const event = current.event as Event
    if (!response.test(event.type)) {
      expectAnswer(index + 1)
      if (event.type.startsWith('xstate.after.')) await page.clock.fastForward(500)
      else await perform(page, event)
    }
    // A step answered at once shows the state after its answer.
    const next = steps[index + 1]
    const shown = next && response.test(next.event.type) ? next : current
    if (shown === next) continue
    if ((await expectScreen(page, shown.state, offer)) === false) return
  }
}

for (const step of ['services', 'confirm'] as const) {
  for (const [number, path] of offerPaths(step).entries()) {
    test(`quote offer (${step}) path ${number + 1}: ${title(path)}`, async ({ page, offer }) => {
      await replayOffer(page, path, offer, step)
    })
  }
}
