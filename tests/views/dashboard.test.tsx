import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Dashboard as DashboardData } from '../../contract/dashboard'
import { messages } from '../../contract/messages'
import type { AppActors } from '../../src/app/actors'
import { type AppContext, readyAppContext } from '../../src/app/app-context'
import { Dashboard } from '../../src/features/dashboard/dashboard'
import { SpendChart, SpendTable } from '../../src/features/dashboard/figures'
import { dashboard, emptyDashboard } from '../fixtures/dashboard'

afterEach(cleanup)
// The router restores the scroll position on navigation; jsdom has no scrolling.
vi.spyOn(window, 'scrollTo').mockImplementation(() => {})

/** Renders `ui` as the one route of a memory router whose context holds `api` (Links need a router). */
async function renderInRouter(ui: ReactNode, api: unknown = () => new Promise(() => {})) {
  const root = createRootRouteWithContext<AppContext>()({ component: () => ui })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/user/home'] }),
    context: readyAppContext({ api } as unknown as AppActors),
  })
  await act(async () => {
    render(<RouterProvider router={router as never} />)
  })
}

/** An API client whose answers a test settles one by one. */
function controllableApi() {
  const calls: { path: string; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = []
  const api = vi.fn(
    (path: string) =>
      new Promise((resolve, reject) => {
        calls.push({ path, resolve, reject })
      }),
  )
  const settle = async (outcome: { output?: DashboardData; error?: unknown }) => {
    const call = calls.shift()
    if (!call) throw new Error('no request pending')
    await act(async () => {
      if ('error' in outcome) call.reject(outcome.error)
      else call.resolve(outcome.output)
    })
  }
  return { api, calls, settle }
}

const quoteForm = <section aria-label="Quote form stand-in" data-testid="quote-form" />

const section = (name: string) => screen.getByRole('region', { name })

describe('the dashboard', () => {
  it('asks GET /api/dashboard once, shows Loading, then every section around the quote form', async () => {
    const { api, calls, settle } = controllableApi()
    await renderInRouter(<Dashboard quoteForm={quoteForm} user={dashboard.user} />, api)
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard…')
    expect(calls.map((c) => c.path)).toEqual(['/api/dashboard'])
    // Above the form, only what is known at once: nothing moves it when the answer arrives.
    const form = screen.getByTestId('quote-form')
    const above = () => {
      const list: Element[] = []
      for (let el = form.previousElementSibling; el; el = el.previousElementSibling) list.push(el)
      return list
    }
    const before = above()
    // The salutation waits for the answer (a first visit is not "welcomed back"); the summary of what needs
    // attention holds its line from the start.
    expect(before.map((el) => el.textContent)).toEqual([
      'Checking what needs your attention…',
      'Demo CustomereShip Demo Trading Pte LtdRefresh',
    ])
    await settle({ output: dashboard })
    expect(above()).toEqual(before)

    expect(screen.getByTestId('dashboard-greeting').textContent).toBe(
      'Welcome back, Demo CustomereShip Demo Trading Pte Ltd',
    )
    // Needs attention comes first: counted above the form, linked to its section, the first section below.
    const summary = screen.getByTestId('attention-summary')
    const items = section('Needs attention').querySelectorAll('[data-testid="attention-item"]').length
    expect(items).toBeGreaterThan(0)
    expect(summary.textContent).toBe(`${items} things need your attention`)
    expect(summary.querySelector('a')?.getAttribute('href')).toBe('#needs-attention')
    expect(screen.queryByRole('region', { name: '10% off your first LCL shipment' })).toBeNull()

    // The greeting and the quote form come first and stay put; what the request brought follows.
    const order = [
      screen.getByTestId('dashboard-greeting'),
      screen.getByTestId('quote-form'),
      section('Needs attention'),
      section('In transit'),
      section('Figures'),
      section('Recent activity'),
    ]
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]?.compareDocumentPosition(order[i] as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    }
  })

  it('lists what needs attention, each with its link', async () => {
    await renderInRouter(<Dashboard quoteForm={quoteForm} user={dashboard.user} />, async () => dashboard)
    const items = within(section('Needs attention')).getAllByTestId('attention-item')
    expect(items.map((item) => item.dataset.kind)).toEqual(['quote', 'document', 'document', 'hold', 'eta'])
    const links = items.map((item) => within(item).getByRole('link'))
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ESQ-2026000007', '/user/getquote?quote=ESQ-2026000007'],
      ['ESB-2026000006', '/user/bookings/ESB-2026000006'],
      ['ESB-2026000005', '/user/bookings/ESB-2026000005'],
      ['ESB-2026000006', '/user/bookings/ESB-2026000006'],
      ['ESB-2026000002', '/user/bookings/ESB-2026000002'],
    ])
    expect(items[0]?.textContent).toContain('Singapore (SGSIN) → Nhava Sheva (INNSA), FCL, USD 2,450.50')
    expect(items[0]?.textContent).toContain('Valid until 18 Nov 2026.')
    // One item per booking, however many of its documents are due.
    expect(items[1]?.textContent).toContain('Documents overdue')
    expect(items[1]?.textContent).toContain(
      'Commercial invoice was due 17 Nov 2026. Packing list and certificate of origin are due 20 Nov 2026.',
    )
    expect(items[2]?.textContent).toContain('Document rejected')
    expect(items[2]?.textContent).toContain(
      'Packing list was rejected: The weights do not match the invoice.',
    )
    expect(items[3]?.textContent).toContain('On hold')
    expect(items[3]?.textContent).toContain('Awaiting the commercial invoice for export declaration.')
    expect(items[4]?.textContent).toContain('ETA changed')
    expect(items[4]?.textContent).toContain('+48 h later than planned')
    expect(items[4]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-03T04:00:00Z')
    // The ETA is the destination's local time, named (the year only when it is not this one).
    expect(items[4]?.textContent).toMatch(/new ETA 2 Dec( 2026)?, 20:00 at Los Angeles \(GMT-8\), \+48 h/)
  })

  it('shows shipments in transit with status, next milestone and ETA, and the recent activity', async () => {
    await renderInRouter(<Dashboard quoteForm={quoteForm} user={dashboard.user} />, async () => dashboard)
    const cards = within(section('In transit')).getAllByTestId('transit-item')
    expect(cards).toHaveLength(2)
    const [departed, arrived] = cards as [HTMLElement, HTMLElement]
    expect(within(departed).getByRole('link', { name: 'ESB-2026000002' }).getAttribute('href')).toBe(
      '/user/bookings/ESB-2026000002',
    )
    expect(within(departed).getByRole('link', { name: 'Track ESHBL2026000002' }).getAttribute('href')).toBe(
      '/user/tracking?hbl=ESHBL2026000002',
    )
    expect(within(departed).getByTestId('booking-status').textContent).toBe('Departed')
    expect(departed.textContent).toContain('Singapore (SGSIN) → Los Angeles (USLAX)')
    expect(departed.textContent).toMatch(
      /NextArrived, 2 Dec( 2026)?, 20:00 at Los Angeles \(GMT-8\)ETA2 Dec( 2026)?, 20:00 at Los Angeles \(GMT-8\)/,
    )
    expect([...departed.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual([
      '2026-12-03T04:00:00Z',
      '2026-12-03T04:00:00Z',
    ])
    expect(arrived.textContent).toContain('Next—ETA—')

    const events = within(section('Recent activity')).getAllByTestId('activity-item')
    expect(events.map((e) => e.querySelector('p')?.textContent)).toEqual([
      'Arrived at London Heathrow, ESB-2026000003',
      'Departed at Singapore, ESB-2026000002',
      'On Hold at Singapore, ESB-2026000006',
    ])
    // Each event in its place's local time; the line below names the place, the time gives the offset.
    expect(events[0]?.querySelector('time')?.textContent).toMatch(/^16 Nov( 2026)?, 08:30 \(GMT\)$/)
    expect(events[1]?.querySelector('time')?.textContent).toMatch(/^15 Nov( 2026)?, 10:00 \(GMT\+8\)$/)
    // A change the office made to the booking is the account's own: Singapore time.
    expect(events[2]?.querySelector('time')?.textContent).toMatch(/^14 Nov( 2026)?, 17:00 \(GMT\+8\)$/)
  })

  it('gives the figures as counts, and the spend by mode as a hidden drawing and a table', async () => {
    await renderInRouter(<Dashboard quoteForm={quoteForm} user={dashboard.user} />, async () => dashboard)
    const figures = section('Figures')
    expect(within(figures).getByTestId('figure-quotesThisMonth').textContent).toBe('Quotes this month4')
    expect(within(figures).getByTestId('figure-bookingsInProgress').textContent).toBe('Bookings in progress6')
    expect(within(figures).getByTestId('figure-deliveredThisYear').textContent).toBe(
      'Shipments delivered this year1',
    )
    expect(within(figures).getByTestId('spend-chart').getAttribute('aria-hidden')).toBe('true')
    const table = within(figures).getByRole('table', { name: 'Spend this year by mode (USD)' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Mode', 'Spend'],
      ['FCL', 'USD 12,345.67'],
      ['LCL', 'USD 890.00'],
      ['AIR', 'USD 0.00'],
      ['Total', 'USD 13,235.67'],
    ])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['row', 'row', 'row', 'row'])
  })

  it('shows the empty states and the first-LCL offer to a new company', async () => {
    await renderInRouter(
      <Dashboard quoteForm={quoteForm} user={dashboard.user} />,
      async () => emptyDashboard,
    )
    // Said once, in the line above the quote form: no empty Needs attention section repeats it.
    expect(screen.getAllByText(/Nothing needs your attention/)).toHaveLength(1)
    expect(screen.getByTestId('attention-summary').textContent).toBe('Nothing needs your attention.')
    expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull()
    expect(within(section('In transit')).getByText('No shipments in transit.')).toBeTruthy()
    expect(within(section('Recent activity')).getByText('No shipment activity yet.')).toBeTruthy()
    const offer = section('10% off your first LCL shipment')
    expect(offer.textContent).toContain('10% off its freight')
    expect(within(offer).getByRole('link', { name: 'Get an LCL quote' }).getAttribute('href')).toBe(
      '#quote-form-title',
    )
  })

  it('says why a load failed and tries again; Refresh keeps the figures while it asks', async () => {
    const { api, calls, settle } = controllableApi()
    await renderInRouter(<Dashboard quoteForm={quoteForm} user={dashboard.user} />, api)
    await settle({ error: { status: 500 } })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(`Your dashboard could not be loaded. ${messages.generic}`)
    expect(screen.getByTestId('quote-form')).toBeTruthy()
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(calls).toHaveLength(1)
    await settle({ output: emptyDashboard })
    expect(section('Figures')).toBeTruthy()
    // A first visit is welcomed, not welcomed back; nothing to attend to says so.
    expect(screen.getByTestId('dashboard-greeting').textContent).toMatch(/^Welcome, Demo Customer/)
    expect(screen.getByTestId('attention-summary').textContent).toBe('Nothing needs your attention.')

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(calls).toHaveLength(1)
    expect(section('Figures')).toBeTruthy()
    await settle({ error: { status: 0 } })
    expect(screen.getByRole('alert').textContent).toContain('Your dashboard could not be refreshed.')
    expect(section('Figures')).toBeTruthy()
  })
})

describe('the spend chart', () => {
  it('draws the largest spend full length and the others in proportion', () => {
    const { container } = render(<SpendChart spend={dashboard.figures.spendThisYear} />)
    const widths = [...container.querySelectorAll('g')].map((g) =>
      Number(g.querySelectorAll('rect')[1]?.getAttribute('width')),
    )
    const track = Number(container.querySelector('rect')?.getAttribute('width'))
    expect(widths[0]).toBe(track)
    expect(widths[1]).toBeCloseTo((track * 89_000) / 1_234_567, 6)
    expect(widths[2]).toBe(0)
  })

  it('draws empty tracks and a zero table for a year without bookings', () => {
    const { container } = render(
      <>
        <SpendChart spend={emptyDashboard.figures.spendThisYear} />
        <SpendTable spend={emptyDashboard.figures.spendThisYear} />
      </>,
    )
    const bars = [...container.querySelectorAll('g')].map((g) =>
      g.querySelectorAll('rect')[1]?.getAttribute('width'),
    )
    expect(bars).toEqual(['0', '0', '0'])
    expect(screen.getAllByText('USD 0.00')).toHaveLength(7)
  })
})
