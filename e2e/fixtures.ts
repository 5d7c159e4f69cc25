import { randomUUID } from 'node:crypto'
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test'
import type { QuoteRequest } from '../contract/pricing/types'
import { type QuoteDetail, singaporeDate } from '../contract/quotes'
import type { CountriesResponse, LoginResponse } from '../contract/wire'

export interface Customer {
  email: string
  password: string
  name: string
  /** The company's registration number, when the fixture registered the company. */
  regnNo?: string
}

export const strongPassword = 'Shipping#2025'

/** A unique email per test, so tests never share an account (one active session per account). */
export const uniqueEmail = (label = 'e2e') => `${label}-${randomUUID().slice(0, 8)}@example.com`

const waiting = new WeakSet<Page>()

/** Makes `goto` and `reload` of `page` wait until React owns the document (html[data-hydrated]). */
export function waitForHydration(page: Page) {
  if (waiting.has(page)) return
  waiting.add(page)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const hydrated = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  page.goto = async (...args) => {
    const response = await goto(...args)
    await hydrated()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await hydrated()
    return response
  }
}

/**
 * Playwright's test, whose pages (the `page` fixture and any the context opens) wait after `goto` and
 * `reload` until React owns the document: a prerendered page shows before it is hydrated, and a click in
 * between would reach no handler.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    for (const page of context.pages()) waitForHydration(page)
    context.on('page', waitForHydration)
    await use(context)
  },
})

export { expect }

/** Collects console errors and uncaught exceptions while a test runs. */
export function watchConsole(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The operations API key of the e2e server (playwright.config.ts). */
export const OPS_API_KEY = 'e2e-operations-key'

interface OutboxMail {
  to: string
  subject: string
  text: string
}

/** The newest mail to `to` in the server's development outbox whose text matches `pattern`. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null
  await expect
    .poll(
      async () => {
        // The outbox answers this machine only: a fixture's made-up client address (X-Forwarded-For, which
        // the server trusts) would make the request one from elsewhere, so this one says it is local.
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, {
          headers: { 'X-Forwarded-For': '127.0.0.1' },
        })
        const body = (await response.json()) as { mails: OutboxMail[] }
        for (const mail of body.mails) {
          found = mail.text.match(pattern)
          if (found) return true
        }
        return false
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found as unknown as RegExpMatchArray
}

export async function singapore(request: APIRequestContext) {
  const { countries } = (await (await request.get('/api/countries')).json()) as CountriesResponse
  const country = countries.find((c) => c.mcou_code === 'SG')
  if (!country) throw new Error('no Singapore in /api/countries')
  return country
}

/**
 * Chooses a country in an open dialling-code list as a person with a keyboard does: the list is virtualized
 * (only the rows in view exist), so they type the name, which the list's typeahead brings into view and
 * focuses, and press Enter. They type once they see the list open with focus in it (a click before hydration
 * opens it when the page hydrates).
 */
export async function chooseCountryCode(page: Page, name = 'Singapore') {
  await expect(page.locator('[role="listbox"]:focus-within')).toBeVisible({ timeout: 20_000 })
  const option = page.getByRole('option', { name: new RegExp(`^${name}`) })
  // Type-to-select forgets what was typed after a second without a key (React Aria's typeahead). On a
  // throttled CPU beside other throttled tabs a key can wait that long, and the rest of the name then
  // starts a new search: a person types it again, and so does this.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.type(name)
    try {
      await expect(option).toBeFocused({ timeout: 5_000 })
      break
    } catch (error) {
      if (attempt === 3) throw error
      await page.waitForTimeout(1_500)
    }
  }
  await page.keyboard.press('Enter')
}

/**
 * A company registration number no other company has: a registration with the number of a company that has an
 * account asks to join it (issue 24), so each test company gets its own.
 */
export const uniqueRegnNo = () => `E2E${randomUUID().slice(0, 8).toUpperCase()}`

/** A made-up client address (TEST-NET-2), so each fixture has its own rate-limit counters. */
export const clientAddress = () => `198.51.100.${Math.floor(Math.random() * 254) + 1}`

/** Registers and activates a customer through the API and the activation mail, as a user would. */
export async function createCustomer(request: APIRequestContext, label = 'customer'): Promise<Customer> {
  const headers = { 'X-Forwarded-For': clientAddress() }
  const sg = await singapore(request)
  const customer = {
    email: uniqueEmail(label),
    password: strongPassword,
    name: `Test ${label}`,
    regnNo: uniqueRegnNo(),
  }
  const response = await request.post('/api/register', {
    headers,
    data: {
      esus_name: customer.name,
      esus_company_name: 'Lion City Exports Pte Ltd',
      esus_regn_no: customer.regnNo,
      esus_email_id: customer.email,
      esus_password: customer.password,
      password_confirmation: customer.password,
      esus_mcou: sg.mcou_rid,
      code: sg.mcou_country_dialing_code,
      esus_phone: '61234567',
      esus_address1: '10 Anson Road, #20-01',
      esus_source: 'Others',
      check: true,
      esus_mcpy: sg.eshp_mcpy,
    },
  })
  expect(response.status()).toBe(200)
  const [, token] = await mailTo(request, customer.email, /activate\?token=([\w-]+)/)
  const activated = await request.post('/api/register/activate', { headers, data: { token } })
  expect(activated.status()).toBe(200)
  return customer
}

/** Logs in through the login page and waits for the logged-in home. */
export async function logIn(page: Page, customer: Customer) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/user/home')
}

/** The demo customer the server seeds (DEMO_SEED), whose data has every status a shipment can be in. */
export const demoCustomer: Customer = {
  email: 'demo@eship.example',
  password: 'Demo#2025ship',
  name: 'Demo Customer',
}

export interface ApiSession {
  token: string
  user: NonNullable<LoginResponse['user']>
}

/**
 * Logs in through the API. One live session per account: while another test holds this account's session
 * (the demo customer is shared by specs running side by side) the login is refused, so this waits for it
 * to be logged out, up to `wait` ms.
 */
export async function apiSession(
  request: APIRequestContext,
  customer: Customer,
  wait = 0,
): Promise<ApiSession> {
  const until = Date.now() + wait
  for (;;) {
    const response = await request.post('/api/auth/login', {
      headers: { 'X-Forwarded-For': clientAddress() },
      data: { email: customer.email, password: customer.password },
    })
    expect(response.status()).toBe(200)
    const body = (await response.json()) as LoginResponse
    if (!body.isLoggedIn) return { token: body.token as string, user: body.user as ApiSession['user'] }
    expect(Date.now(), 'no other live session of this account').toBeLessThan(until)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

/** Hands an API session to `page` as the login page would have stored it, once per tab. */
export async function handSession(page: Page, { token, user }: ApiSession) {
  await page.addInitScript(
    ({ token, user }) => {
      // Once per tab: a later reload keeps whatever the app itself stored (a logout, a new token).
      if (sessionStorage.getItem('e2e.session')) return
      sessionStorage.setItem('e2e.session', 'set')
      localStorage.setItem('eshipUser', JSON.stringify(user))
      localStorage.setItem('lastActivityTimestamp', String(Date.now()))
      localStorage.setItem('authToken', token)
    },
    { token, user },
  )
}

/** Logs in through the API and hands the session to the page; the token, to log out with. */
export async function logInThroughApi(page: Page, customer: Customer, wait = 0): Promise<string> {
  const session = await apiSession(page.request, customer, wait)
  await handSession(page, session)
  return session.token
}

/** Ends an API session (the demo customer's, for whoever logs in next). */
export const logOutThroughApi = (request: APIRequestContext, token: string) =>
  request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })

/**
 * An FCL quote Singapore → Nhava Sheva made through the API with `token` (the demo sheets price it at once),
 * as the quote form would send it; `extra` changes the request (containers, a cargo value).
 */
export async function quoteThroughApi(
  request: APIRequestContext,
  token: string,
  extra: Partial<QuoteRequest> = {},
): Promise<QuoteDetail> {
  const created = await request.post('/api/quotes', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      readyDate: singaporeDate(new Date()),
      commodity: 'Teak furniture',
      containers: [{ type: '40HC', count: 1 }],
      ...extra,
    },
  })
  expect(created.status()).toBe(201)
  const { quote } = (await created.json()) as { quote: QuoteDetail }
  if (!quote.options[0]) throw new Error('no instant rate SGSIN → INNSA in the demo sheets')
  return quote
}

/** Confirm Your Quotation filled as a customer would: both parties, the cargo, each container's weight, the terms. */
export async function fillConfirmation(page: Page) {
  await page.getByLabel('Shipper company name').fill('Lion City Exports Pte Ltd')
  await page.getByLabel('Shipper address').fill('10 Anson Road, #20-01, Singapore 079903')
  await page.getByLabel('Consignee company name').fill('Mumbai Imports Pvt Ltd')
  await page.getByLabel('Consignee address').fill('Plot 4, JNPT Road, Navi Mumbai 400707')
  await page.getByLabel('Cargo description').fill('Teak furniture, 40 cartons')
  // FCL: each container's gross weight (the VGM); none for LCL and air.
  for (const weight of await page.getByLabel(/^Container \d+ \(\w+\) gross weight, kg$/).all()) {
    await weight.fill('18400')
  }
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check({ force: true })
}
