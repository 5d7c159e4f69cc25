import type { Page, Route } from '@playwright/test'
import type { AnyMachineSnapshot } from 'xstate'
import { sessionStorageKeys, storageKeys } from '../contract/constants'
import { confirmMessages, type PriceResponse, type QuoteDetail } from '../contract/quotes'
import type { SessionUser } from '../contract/wire'
import { previewPrice } from '../machines/quote-offer'
import { expect } from './fixtures'
import { bookingNumber, type Event, fill, inDialog, type Path } from './quote-model-paths'

// Replaying a path of the offer chart through /user/getquote or /user/confirm-quote, for quote-model.spec.ts.

export interface Offer {
  token: string
  user: SessionUser
  quote: QuoteDetail
  optionId: number
  /** The server's price of the option with insurance: the "new price" of a 409. */
  insured: PriceResponse
  /** A real quote the server made by requoting. */
  requoted: QuoteDetail
}

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
      // A booking just made opens its confirmation page (its own spec: booking-confirmation.spec.ts; the
      // stand-in number is no booking of this customer's, so that page answers "Booking not found").
      if (!c.quote?.booking) {
        await expect(page).toHaveURL(`/user/bookings/${bookingNumber}/confirmed`)
        return false
      }
      // A quote already booked shows its booking in place.
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
export async function replayOffer(page: Page, path: Path, offer: Offer, step: 'services' | 'confirm') {
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
