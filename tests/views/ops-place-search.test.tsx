import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OpsBookingDetail } from '../../contract/operations-desk'
import type { PlacesResponse } from '../../contract/wire'
import type { ApiClient } from '../../src/api/client'
import { detail, documents } from '../fixtures/bookings'

/** A confirmed booking from Singapore to Nhava Sheva by Colombo, as the desk reads it. */
const booking: OpsBookingDetail = {
  booking: { ...detail, status: 'Confirmed', documents: documents.slice(0, 2) },
  company: { id: 3, name: 'Lion City Exports Pte Ltd' },
  bookedBy: { name: 'Tan Wei', email: 'tan.wei@example.com' },
  carrierBookingRef: 'MAEU240011',
  containers: ['CSQU3054383'],
  cutoffs: { cargo: null, documents: null, vgm: null },
  originalEta: null,
  events: [],
  containersBooked: 1,
  quotedTransshipment: null,
}

const found: PlacesResponse = {
  locations: [
    {
      code: 'INMUN',
      kind: 'port',
      name: 'Mundra',
      city: 'Mundra',
      country_code: 'IN',
      country_name: 'India',
      time_zone: 'Asia/Kolkata',
      instant: true,
    },
  ],
}

const calls: { path: string; query?: unknown }[] = []
const api = vi.fn(async (path: string, options: { query?: unknown } = {}) => {
  calls.push({ path, query: options.query })
  if (path === '/api/staff/locations') return found
  return booking
}) as unknown as ApiClient

vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => ({
  Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a>,
}))
vi.mock('../../src/components/conversation/conversation-panel', () => ({ ConversationPanel: () => null }))
vi.mock('../../src/features/staff/charges-panel', () => ({ ChargesPanel: () => null }))

globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { OpsBookingPage } = await import('../../src/features/staff/ops-booking-page')

afterEach(() => {
  cleanup()
  calls.length = 0
  vi.useRealTimers()
})

const settle = () => act(async () => {})

describe("the milestone form's place", () => {
  it('is a type-ahead on the staff search, the route first; the chosen place names the time field', async () => {
    render(<OpsBookingPage number={booking.booking.number} />)
    await settle()
    const form = screen.getByRole('region', { name: 'Post a milestone' })
    const place = within(form).getByRole('combobox', { name: 'Place' })
    expect((place as HTMLInputElement).value).toBe('Singapore, Singapore (SGSIN)')
    expect(within(form).getByLabelText(/^Time at Singapore \(GMT\+8\)$/)).toBeTruthy()

    // The focus opens the list on the route's places, origin first.
    act(() => place.focus())
    expect(screen.getAllByRole('option').map((one) => one.textContent)).toEqual([
      'Singapore, SingaporeSGSIN',
      'Colombo, Sri LankaLKCMB',
      'Nhava Sheva, IndiaINNSA',
    ])
    vi.useFakeTimers()
    fireEvent.change(place, { target: { value: 'mundra' } })
    await act(async () => {
      vi.advanceTimersByTime(300)
    })
    vi.useRealTimers()
    await settle()
    expect(calls.find((call) => call.path === '/api/staff/locations')?.query).toEqual({
      q: 'mundra',
      mode: 'FCL',
    })
    // Typed, not chosen: the time field no longer names a place.
    expect(within(form).getByLabelText('Time at the place (its own time zone)')).toBeTruthy()
    const option = await screen.findByRole('option', { name: /Mundra/ })
    // "Instant rates" is the customer's concern, not the desk's.
    expect(option.textContent).not.toContain('Instant rates')
    fireEvent.click(option)
    await settle()
    expect((place as HTMLInputElement).value).toBe('Mundra, India (INMUN)')
    expect(within(form).getByLabelText(/^Time at Mundra \(GMT\+5:30\)$/)).toBeTruthy()

    // With the keyboard: emptied, the route is offered; the arrow keys and Enter choose.
    fireEvent.change(place, { target: { value: '' } })
    await settle()
    expect(
      within(form).getByText('Choose where it happened: type a code, port, airport or city.'),
    ).toBeTruthy()
    fireEvent.keyDown(place, { key: 'ArrowDown' })
    fireEvent.keyDown(place, { key: 'ArrowDown' })
    fireEvent.keyDown(place, { key: 'ArrowDown' })
    fireEvent.keyDown(place, { key: 'Enter' })
    await settle()
    expect((place as HTMLInputElement).value).toBe('Nhava Sheva, India (INNSA)')
    expect(within(form).getByLabelText(/^Time at Nhava Sheva \(GMT\+5:30\)$/)).toBeTruthy()
  })
})
