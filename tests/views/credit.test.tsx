import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { creditHoldMessages, creditMessages, type HeldBooking } from '../../contract/finance/credit'
import type { ApiClient } from '../../src/api/client'
import { detail } from '../fixtures/bookings'

// Credit control (docs/payments.md "Credit control") as people see it: the customer reads why their booking
// waits, operations see Confirm disabled with it, finance releases it from the finance desk.

const held: HeldBooking = {
  bookingNumber: 'ESB-2026000042',
  status: 'Booking Received',
  customerId: 7,
  customerName: 'Lion City Exports Pte Ltd',
  reason: creditHoldMessages.limit,
  since: '2026-11-20T02:00:00.000Z',
  currency: 'SGD',
  bookingValue: 1_200_000,
  openBalance: 4_500_000,
  creditLimit: 5_000_000,
  oldestOverdueDays: 0,
  bookedBy: 'Ada Tan',
}

let holds: HeldBooking[] = []
const calls: { path: string; method: string }[] = []
const api = vi.fn(async (path: string, options: { method?: string } = {}) => {
  const method = options.method ?? 'GET'
  calls.push({ path, method })
  if (path === '/api/staff/finance/credit-holds') return holds
  if (path === `/api/staff/bookings/${held.bookingNumber}/credit-release` && method === 'POST') {
    holds = []
    return { message: creditMessages.released(held.bookingNumber), bookingNumber: held.bookingNumber }
  }
  throw { status: 404, message: 'Not found.' }
}) as unknown as ApiClient

vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => import('./staff-link'))

const { CreditHoldNotice } = await import('../../src/features/bookings/credit-hold')
const { CreditHeldConfirm } = await import('../../src/features/staff/ops-credit-hold')
const { CreditHolds } = await import('../../src/features/staff/finance-credit-holds')

beforeEach(() => {
  holds = [held]
})
afterEach(() => {
  cleanup()
  calls.length = 0
})

const settle = () => act(async () => {})

describe('a booking waiting for credit', () => {
  it('tells the customer why in a status message, and nothing when it does not wait', () => {
    const { rerender } = render(
      <CreditHoldNotice hold={{ reason: creditHoldMessages.overdue, since: '2026-11-20T02:00:00Z' }} />,
    )
    expect(screen.getByRole('status').textContent).toBe(
      `Waiting for our finance team. ${creditHoldMessages.overdue}`,
    )
    rerender(<CreditHoldNotice hold={null} />)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows operations Confirm disabled, described by the reason', () => {
    const booking = {
      ...detail,
      status: 'Booking Received' as const,
      creditHold: { reason: held.reason, since: held.since },
    }
    render(<CreditHeldConfirm detail={{ booking } as never} />)
    const confirm = screen.getByRole('button', { name: 'Confirm' })
    expect(confirm.hasAttribute('disabled') || confirm.getAttribute('aria-disabled') === 'true').toBe(true)
    expect(confirm.getAttribute('aria-describedby')).toBe('credit-hold-reason')
    expect(document.getElementById('credit-hold-reason')?.textContent).toContain(held.reason)
  })
})

describe("the finance desk's Waiting for credit release", () => {
  it('lists the held bookings with what the company owes, and releases one', async () => {
    render(<CreditHolds />)
    await settle()
    const section = within(screen.getByRole('region', { name: 'Waiting for credit release' }))
    const row = within(section.getByTestId('credit-hold-row'))
    expect(row.getByText('ESB-2026000042')).toBeTruthy()
    expect(row.getByText('Over the credit limit')).toBeTruthy()
    expect(row.getByText('SGD 12,000.00')).toBeTruthy()
    expect(row.getByText('SGD 45,000.00 / SGD 50,000.00')).toBeTruthy()
    fireEvent.click(row.getByRole('button', { name: 'Release ESB-2026000042' }))
    await settle()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { path: '/api/staff/bookings/ESB-2026000042/credit-release', method: 'POST' },
    ])
    expect(section.getByTestId('credit-holds-status').textContent).toBe(
      creditMessages.released(held.bookingNumber),
    )
    expect(section.queryByTestId('credit-hold-row')).toBeNull()
    expect(section.getByText('No booking waits for a credit release.')).toBeTruthy()
  })

  it("says the server's refusal and keeps the list as the server has it", async () => {
    render(<CreditHolds />)
    await settle()
    vi.mocked(api).mockRejectedValueOnce({ status: 409, message: creditMessages.notHeld(held.bookingNumber) })
    fireEvent.click(screen.getByRole('button', { name: 'Release ESB-2026000042' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toContain(creditMessages.notHeld(held.bookingNumber))
    expect(screen.getAllByTestId('credit-hold-row')).toHaveLength(1)
  })
})
