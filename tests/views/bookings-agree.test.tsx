/**
 * The same booking reads the same on every screen (issue 34): My Bookings, the booking's page and its
 * confirmation page give the planned ETD and ETA, marked planned, until operations confirm; the notify
 * party is worded as the confirmation PDF words it (tests/server/bookings-agree.test.ts compares the PDF).
 */
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BookingDetail } from '../../contract/bookings'
import { co2eText, legTitle } from '../../contract/emissions'
import { bookingConfirmationData } from '../../server/bookings/confirmation-data'
import type { AppActors } from '../../src/app/actors'
import { type AppContext, readyAppContext } from '../../src/app/app-context'
import { BookingEmissionsSection } from '../../src/components/shipment/booking-emissions'
import { BookingConfirmed } from '../../src/features/bookings/booking-confirmed'
import { Parties } from '../../src/features/bookings/booking-page'
import { MyBookings } from '../../src/features/bookings/my-bookings'
import { detail } from '../fixtures/bookings'

afterEach(cleanup)
vi.spyOn(window, 'scrollTo').mockImplementation(() => {})

/** Booked, not confirmed yet: the planned sailing's days (as GET /api/bookings answers them). */
const received: BookingDetail = {
  ...detail,
  status: 'Booking Received',
  hbl: null,
  etd: '2026-11-20',
  eta: '2026-11-29',
  plannedTimes: true,
  legs: [],
}

/** Renders `ui` in a memory router whose API answers the list and the booking with `booking`. */
async function renderInRouter(ui: ReactNode, booking: BookingDetail) {
  const api = vi.fn(async (path: string) =>
    path === '/api/bookings' ? { bookings: [booking] } : path.startsWith('/api/bookings/') ? booking : {},
  )
  const root = createRootRouteWithContext<AppContext>()({ component: () => ui })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/user/bookings'] }),
    context: readyAppContext({ api } as unknown as AppActors),
  })
  await act(async () => {
    render(<RouterProvider router={router as never} />)
  })
}

const info = { title: 'My Bookings', heading: 'My Bookings', description: '' }

describe('before operations confirm', () => {
  it('My Bookings and the confirmation page give the same planned ETD and ETA, marked planned', async () => {
    await renderInRouter(<MyBookings info={info} search={{}} />, received)
    const row = await screen.findByTestId('booking-row')
    const etd = row.querySelector('[data-label="ETD"]')?.textContent
    const eta = row.querySelector('[data-label="ETA"]')?.textContent
    expect(etd).toMatch(/^20 Nov( 2026)? \(planned\)$/)
    expect(eta).toMatch(/^29 Nov( 2026)? \(planned\)$/)
    cleanup()

    await renderInRouter(<BookingConfirmed number={received.number} />, received)
    const planned = await screen.findByTestId('planned-sailing')
    const year = '( 2026)?'
    expect(within(planned).getByTestId('planned-etd').textContent).toMatch(
      new RegExp(`^20 Nov${year} at Singapore \\(planned\\)$`),
    )
    expect(within(planned).getByTestId('planned-eta').textContent).toMatch(
      new RegExp(`^29 Nov${year} at Nhava Sheva \\(planned\\)$`),
    )
    // The list leaves the place to its Lane column; the day and the mark are the same.
    expect(within(planned).getByTestId('planned-etd').textContent?.replace(' at Singapore', '')).toBe(etd)
  })
})

describe('the notify party', () => {
  it('left out, reads “Same as consignee”, as in the confirmation PDF and the house bill', () => {
    render(<Parties booking={{ ...detail, notifyParty: null }} />)
    const block = screen.getByRole('heading', { name: 'Notify party' }).parentElement as HTMLElement
    expect(block.textContent).toBe('Notify partySame as consignee')
    expect(screen.queryByText('None')).toBeNull()
  })
})

describe('the emissions', () => {
  it('read on the booking page as in the confirmation PDF: each leg, the total, when counted and what before', () => {
    const emissions = detail.emissions as NonNullable<BookingDetail['emissions']>
    render(<BookingEmissionsSection emissions={emissions} />)
    const pdf = Object.fromEntries(
      (
        bookingConfirmationData(detail, { appUrl: 'https://x.test', generatedAt: new Date() }).sections.find(
          (s) => s.title === 'Emissions',
        )?.rows ?? []
      ).map((r) => [r.label, r.text]),
    )
    const legs = screen.getAllByTestId('emission-leg')
    expect(legs.map((leg) => leg.firstElementChild?.firstChild?.textContent)).toEqual(
      emissions.figure.legs.map((leg) => legTitle(leg)),
    )
    for (const leg of emissions.figure.legs) expect(pdf[legTitle(leg)]).toContain(co2eText(leg.wtwGrams))
    const total = co2eText(emissions.figure.wtwGrams)
    expect(screen.getByTestId('emissions-total').textContent).toContain(total)
    expect(pdf['Total, well-to-wheel']).toContain(
      `${total} (tank-to-wheel ${co2eText(emissions.figure.ttwGrams)})`,
    )
    expect(screen.getByTestId('emissions-counted').textContent).toBe(
      'Counted when operations confirmed the route, 10 Nov 2026. Before: 1,236 kg CO2e, counted when booked, 5 Nov 2026 (GLEC v3 defaults, 2026-11).',
    )
    expect(pdf['Total, well-to-wheel']).toContain('counted when operations confirmed the route, 10 Nov 2026')
    expect(pdf.Method).toContain('Data quality: default factors')
  })
})
