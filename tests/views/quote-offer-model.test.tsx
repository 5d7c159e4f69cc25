import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, createMachine } from 'xstate'
import { co2eText, optionEmissions } from '../../contract/emissions'
import { confirmMessages } from '../../contract/quotes'
import type { SessionUser } from '../../contract/wire'
import { previewPrice } from '../../machines/quote-offer'
import { quoteOfferMachine } from '../../machines/quote-offer.machine'
import { userPages } from '../../src/app/pages'
import { api, type Event, navigate, navigations, type Request, replayInView, settle } from './model-replay'
import {
  bookingNumber,
  fill,
  inDialog,
  insured,
  offerPaths,
  optionId,
  type Path,
  quote,
  requoted,
  title,
} from './quote-offer-paths'

/**
 * The offer chart's own paths (/user/getquote and /user/confirm-quote), replayed through the offer page: each
 * user event becomes what a user does, each answer of an invoked actor (getQuote, priceQuoteServices,
 * confirmQuote, requoteQuote) is the fake API's, from the path, and each state reached is checked on screen.
 * The answers are built from one priced quote, so the totals on screen are that quote's prices: an expired
 * quote is that quote with status Expired, a changed price at confirmation its price with insurance, and a
 * requote answers a quote whose page then loads.
 */

const user: SessionUser = {
  esus_name: 'Tan Wei Ming',
  esus_email_id: 'ops@lioncity.example',
  esus_company_name: 'Lion City Exports Pte Ltd',
  esus_mcou: 196,
  mcou_code: 'SG',
  company_role: 'member',
}
const session = createActor(createMachine({ context: { user } })).start()
vi.mock('../../src/app/use-app', () => ({ useApp: () => ({ api, session, inspect: undefined }) }))
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
  useNavigate: () => navigate,
}))
// The quote's conversation is its own view's (and test's); it has no part in the offer chart.
vi.mock('../../src/components/conversation/conversation-panel', () => ({ ConversationPanel: () => null }))
vi.mock('../../src/app/customer-stream', () => ({ customerStream: () => ({}) }))

// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { OfferPage } = await import('../../src/features/quotes/offer-page')

const actorOf = ({ method, path }: Request) => {
  // The requoted quote's own page loads as any page does (`other`).
  if (path.includes(requoted.number)) return null
  if (method === 'GET' && /^\/api\/quotes\/[^/]+$/.test(path)) return 'getQuote'
  if (method === 'POST' && path.endsWith('/price')) return 'priceQuoteServices'
  if (method === 'POST' && path.endsWith('/confirm')) return 'confirmQuote'
  if (method === 'POST' && path.endsWith('/requote')) return 'requoteQuote'
  return null
}

/** The API's answer to an actor's step of the path, from the priced quote. */
function answer(event: Event, request: Request): unknown {
  switch (event.variant) {
    case 'priced':
      return { quote }
    case 'requested':
      return { quote: { ...quote, kind: 'requested', status: 'Requested', options: [], validTo: null } }
    case 'booked':
      return { quote: { ...quote, status: 'Booked', booking: { number: bookingNumber, status: 'RECEIVED' } } }
    case 'expired':
      return { quote: { ...quote, status: 'Expired' } }
    case 'price': {
      // The server prices as the page previews (the same function): its answer for the services sent.
      const body = request.body as { optionId: number; services: Parameters<typeof previewPrice>[2] }
      const price = previewPrice(quote, body.optionId, body.services)
      return { price, validTo: price?.validTo ?? quote.validTo }
    }
    case 'requoted':
      return { quote: requoted }
    default:
      return event.output
  }
}

/** The requoted quote's page, and the address book of the confirm form (empty). */
function other({ method, path }: Request): unknown {
  if (method === 'GET' && path === `/api/quotes/${requoted.number}`) return { quote: requoted }
  if (method === 'GET' && path === '/api/parties') return { parties: [] }
  throw new Error(`No answer for ${method} ${path}`)
}

async function perform(event: Event) {
  switch (event.type) {
    case 'service.changed': {
      const box = screen.getByRole('checkbox', { name: /Cargo insurance/ }) as HTMLInputElement
      // The path never checks a box already checked (nor unchecks one unchecked): a click does it.
      expect(box.checked).toBe(!event.value)
      fireEvent.click(box)
      return
    }
    case 'user.continue':
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
      return
    case 'field.changed': {
      const [, label] = fill.find(([field]) => field === event.field) ?? []
      if (event.field === 'acceptTerms') {
        fireEvent.click(screen.getByRole('checkbox', { name: label }))
      } else {
        const input = screen.getByLabelText(label ?? '', { selector: 'input' }) as HTMLInputElement
        fireEvent.change(input, { target: { value: String(event.value) } })
        await settle()
        expect(input.value).toBe(String(event.value))
      }
      return
    }
    case 'user.submit':
      fireEvent.click(screen.getByRole('button', { name: /^Confirm/ }))
      return
    case 'user.requote':
      fireEvent.click(screen.getByRole('button', { name: 'Requote at current rates' }))
      return
    case 'user.retry':
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      return
    case 'dialog.acknowledged':
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }))
      return
    default:
      throw new Error(`No user action for ${event.type}`)
  }
}

const usd = (cents: number) =>
  `USD ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const alertText = () => screen.getByRole('alert').textContent
const total = () => screen.queryByTestId('quote-total')

let rerender: (ui: ReactNode) => void = () => {}
const page = (step: 'services' | 'confirm', search: { quote: string; option?: number }) => (
  <OfferPage
    info={userPages[step === 'services' ? '/user/getquote' : '/user/confirm-quote']}
    step={step}
    search={search}
  />
)

/** What the screen shows in a state; false when the page has left (the path ends there). */
async function expectScreen(snapshot: AnyMachineSnapshot) {
  const value = snapshot.value as string | Record<string, string>
  const top = typeof value === 'string' ? value : (Object.keys(value)[0] ?? '')
  const c = snapshot.context
  const dialog = screen.queryByRole('alertdialog')
  switch (top) {
    case 'left':
      expect(navigations).toEqual([
        { to: '/user/confirm-quote', search: { quote: quote.number, option: optionId } },
      ])
      return false
    case 'requoted':
      expect(navigations).toEqual([{ to: '/user/getquote', search: { quote: requoted.number } }])
      // The route renders the page of the requoted quote, which loads it.
      rerender(page('services', { quote: requoted.number }))
      await settle()
      expect(screen.getByText(requoted.number)).toBeTruthy()
      expect(total()?.textContent).toContain('USD')
      return false
    case 'failed':
      expect(alertText()).toContain(String(c.message))
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
      return true
    case 'requested':
      expect(
        screen.getAllByRole('status').some((s) => s.textContent?.includes(confirmMessages.requested)),
      ).toBe(true)
      expect(screen.queryByRole('button', { name: /Continue|Confirm/ })).toBeNull()
      return true
    case 'booked':
      // A booking just made opens its confirmation page (its own view and test).
      if (!c.quote?.booking) {
        expect(navigations).toEqual([
          { to: '/user/bookings/$number/confirmed', params: { number: bookingNumber } },
        ])
        return false
      }
      // A quote already booked shows its booking in place.
      expect(screen.getByTestId('booking-number').textContent).toBe(bookingNumber)
      expect(screen.queryByRole('button', { name: /^Confirm/ })).toBeNull()
      return true
    case 'expired':
    case 'requoting':
      expect(alertText()).toContain(String(c.message ?? confirmMessages.expired))
      expect(screen.getByRole('button', { name: 'Requote at current rates' })).toBeTruthy()
      expect(total()).toBeNull()
      return true
  }
  // services or confirm: the price of the services chosen, or the server's new one after a 409.
  const totalUsd = c.changedPrice
    ? (insured?.totalUsd ?? Number.NaN)
    : (previewPrice(quote, optionId, c.services)?.totalUsd ?? Number.NaN)
  expect(total()?.textContent).toContain(`Total ${usd(totalUsd)}`)
  // The chosen option's emissions with the services chosen, as contract/emissions.ts counts them.
  const option = quote.options.find((o) => o.id === optionId)
  const figure = option ? optionEmissions(quote, option, c.services) : null
  expect(screen.getByTestId('emissions-total').textContent).toContain(
    co2eText(figure?.wtwGrams ?? Number.NaN),
  )
  // And at the top beside the option's carrier and transit time (an instant or a sales-priced option).
  expect(screen.getByTestId('quote-made-by').parentElement?.textContent).toContain(
    `${option?.service}, ${option?.transitDays} days, ${co2eText(figure?.wtwGrams ?? Number.NaN)}`,
  )
  // Behind a dialog the page is aria-hidden in jsdom (a browser makes it inert, and still finds it by role).
  if (top === 'services' || top === 'leaving') {
    const box = screen.getByRole('checkbox', { name: /Cargo insurance/, hidden: true }) as HTMLInputElement
    expect(box.checked).toBe(c.services.insurance)
  }
  if (top === 'confirm') {
    const alerts = screen
      .queryAllByRole('alert', { hidden: true })
      .filter((a) => a.textContent?.includes(confirmMessages.priceChanged))
    if (c.changedPrice) {
      expect(alerts.map((a) => a.textContent).join()).toContain(`New total: ${usd(totalUsd)}`)
      expect(screen.getByRole('button', { name: `Confirm at ${usd(totalUsd)}` })).toBeTruthy()
    } else {
      expect(alerts).toEqual([])
    }
    if ((value as Record<string, string>).confirm === 'submitting') {
      expect(screen.getByRole('button', { name: /^Confirm/ })).toHaveProperty('disabled', true)
    }
  }
  if (inDialog(snapshot)) expect(dialog?.textContent).toContain(String(c.message))
  else expect(dialog).toBeNull()
  return true
}

function replayOffer(path: Path, step: 'services' | 'confirm') {
  return replayInView(path, {
    actorOf,
    answer,
    failureBody: (event) => (event.variant === 'priceChanged' ? { price: insured } : {}),
    other,
    delays: quoteOfferMachine.implementations.delays as Record<string, number>,
    render: () => {
      rerender = render(page(step, { quote: quote.number, option: optionId })).rerender
    },
    perform,
    expectScreen,
  })
}

for (const step of ['services', 'confirm'] as const) {
  describe(`the offer page (${step}) replays the chart`, () => {
    for (const [number, path] of offerPaths(step).entries()) {
      it(`path ${number + 1}: ${title(path)}`, () => replayOffer(path, step), 30_000)
    }
  })
}
