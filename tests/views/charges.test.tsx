/**
 * A change request as the customer answers it (issue 35): the one charge card of the booking page, the
 * dashboard and /user/invoices. A Member approves, or declines with a reason checked as typed (a refusal keeps
 * it); a Viewer reads. The attachment is fetched with the session.
 */
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chargeMessages } from '../../contract/finance/charges'
import type { CompanyRole } from '../../contract/team'
import type { AppActors } from '../../src/app/actors'
import { type AppContext, readyAppContext } from '../../src/app/app-context'
import { dashboard } from '../fixtures/dashboard'
import { quotedCharge, storageCharge } from '../fixtures/invoices'

let role: CompanyRole = 'member'
vi.mock('../../src/app/use-company-role', () => ({ useCompanyRole: () => role }))
const downloadFile = vi.fn(async () => {})
vi.mock('../../src/api/documents', () => ({ downloadFile }))

const { ChargeCard } = await import('../../src/components/charges/charge-card')
const { BookingCharges } = await import('../../src/components/charges/booking-charges')
const { NeedsAttention } = await import('../../src/features/dashboard/sections')

afterEach(() => {
  cleanup()
  role = 'member'
  downloadFile.mockClear()
})
vi.spyOn(window, 'scrollTo').mockImplementation(() => {})

type Answer = (path: string, options?: { method?: string; body?: unknown }) => Promise<unknown>

/** Renders `ui` as the one route of a memory router whose context holds an API answering with `answer`. */
async function renderWith(ui: ReactNode, answer: Answer) {
  const api = vi.fn(answer)
  const root = createRootRouteWithContext<AppContext>()({ component: () => ui })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/user/bookings/ESB-2026000004'] }),
    context: readyAppContext({ api, inspect: undefined } as unknown as AppActors),
  })
  await act(async () => {
    render(<RouterProvider router={router as never} />)
  })
  return api
}

const decisionCalls = (api: ReturnType<typeof vi.fn>) =>
  api.mock.calls
    .filter(([path]) => String(path).endsWith('/decision'))
    .map(([path, options]) => [path, options])

describe('a change request', () => {
  it('shows the line, its amount, GST code, reason, attachment and who added it', async () => {
    const api = await renderWith(<ChargeCard charge={storageCharge} />, async () => ({}))
    const card = screen.getByRole('article', { name: /Storage at Jurong warehouse/ })
    expect(within(card).getByTestId('charge-amount').textContent).toBe('SGD 180.00')
    expect(card.textContent).toContain('Pending approval')
    expect(card.textContent).toContain('SR: Standard-rated (9%), excluded from the amount')
    expect(card.textContent).toContain('The consignee could not take delivery until Friday.')
    expect(card.textContent).toContain('by eShip operations')
    fireEvent.click(within(card).getByRole('button', { name: 'Download warehouse-log.pdf' }))
    expect(downloadFile).toHaveBeenCalledWith(api, '/api/charges/7/attachment', 'warehouse-log.pdf')
  })

  it('a Member approves it: the server’s words and the new status', async () => {
    const api = await renderWith(<ChargeCard charge={storageCharge} />, async () => ({
      message: chargeMessages.approved,
      charge: { ...storageCharge, status: 'approved' },
    }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve Storage at Jurong warehouse, SGD 180.00' }))
    })
    expect(decisionCalls(api)).toEqual([
      ['/api/charges/7/decision', { method: 'POST', body: { decision: 'approve' } }],
    ])
    expect(screen.getByRole('status').textContent).toBe(chargeMessages.approved)
    expect(screen.getByText('Approved')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull()
  })

  it('a decline asks why, sends nothing without a reason, and keeps the reason when refused', async () => {
    let refuse = true
    const api = await renderWith(<ChargeCard charge={storageCharge} />, async (path) => {
      if (!path.endsWith('/decision')) return {}
      if (refuse) throw { status: 0 }
      return {
        message: chargeMessages.declined,
        charge: { ...storageCharge, status: 'declined', decisionReason: 'Not what we agreed.' },
      }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Decline Storage at Jurong warehouse' }))
    const reason = screen.getByRole('textbox', { name: 'Why do you decline this charge?' })
    fireEvent.click(screen.getByRole('button', { name: 'Decline charge' }))
    expect(screen.getByText(chargeMessages.declineReasonRequired)).toBeTruthy()
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(decisionCalls(api)).toEqual([])

    fireEvent.change(reason, { target: { value: ' Not what we agreed. ' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline charge' }))
    })
    expect(screen.getByRole('alert').textContent).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /Why do you decline/ }) as HTMLTextAreaElement).value).toBe(
      ' Not what we agreed. ',
    )
    refuse = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline charge' }))
    })
    expect(decisionCalls(api).at(-1)).toEqual([
      '/api/charges/7/decision',
      { method: 'POST', body: { decision: 'decline', reason: 'Not what we agreed.' } },
    ])
    expect(screen.getByRole('status').textContent).toBe(chargeMessages.declined)
    expect(screen.getByText('Not what we agreed.')).toBeTruthy()
  })

  it('a Viewer reads it: no Approve, no Decline, and who may answer', async () => {
    role = 'viewer'
    await renderWith(<ChargeCard charge={storageCharge} />, async () => ({}))
    expect(screen.queryByRole('button', { name: /^(Approve|Decline)/ })).toBeNull()
    expect(screen.getByText('Your company’s Admins and Members approve or decline changes.')).toBeTruthy()
  })
})

describe('where change requests show', () => {
  it('the booking page lists the booking’s charges, the waiting ones first', async () => {
    const api = await renderWith(<BookingCharges number="ESB-2026000004" />, async () => [
      quotedCharge,
      storageCharge,
    ])
    expect(api).toHaveBeenCalledWith('/api/bookings/ESB-2026000004/charges')
    const section = screen.getByRole('region', { name: 'Charges and changes' })
    const cards = within(section).getAllByTestId('charge-card')
    expect(cards.map((card) => card.dataset.status)).toEqual(['pending', 'approved'])
    expect(section.textContent).toContain('One change waits for your approval.')
    // A quoted line billed on an invoice links to it.
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link', { name: 'INV-2026-000001' })
        .getAttribute('href'),
    ).toBe('/user/invoices/INV-2026-000001')
  })

  it('a charge withdrawn meanwhile: the refusal is said and the charges read again close it', async () => {
    let lists = 0
    const withdrawn = { ...storageCharge, status: 'withdrawn' as const, decisionReason: 'Charged in error.' }
    await renderWith(<BookingCharges number="ESB-2026000004" />, async (path) => {
      if (path.endsWith('/decision')) throw { status: 409, message: chargeMessages.notPending }
      lists += 1
      return lists === 1 ? [storageCharge] : [withdrawn]
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Approve Storage/ }))
    })
    expect(lists).toBe(2)
    expect(screen.getByRole('alert').textContent).toBe(chargeMessages.notPending)
    expect(screen.getByTestId('charge-card').dataset.status).toBe('withdrawn')
    expect(screen.getByText('Charged in error.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^(Approve|Decline)/ })).toBeNull()
  })

  it('the booking page shows nothing before the booking has charges', async () => {
    await renderWith(<BookingCharges number="ESB-2026000004" />, async () => [])
    expect(screen.queryByRole('region', { name: 'Charges and changes' })).toBeNull()
  })

  it('the dashboard names each waiting charge with its booking and its decision', async () => {
    const pending = {
      id: 7,
      bookingNumber: 'ESB-2026000004',
      description: 'Storage at Jurong warehouse',
      currency: 'SGD',
      amount: 18_000,
      requestedAt: '2026-03-05T03:00:00.000Z',
    }
    await renderWith(
      <NeedsAttention attention={{ ...dashboard.attention, pendingCharges: [pending] }} />,
      async () => ({}),
    )
    const item = screen
      .getAllByTestId('attention-item')
      .find((element) => element.dataset.kind === 'charge') as HTMLElement
    expect(item.textContent).toContain('Charge to approve')
    expect(within(item).getAllByRole('link', { name: 'ESB-2026000004' })[0]?.getAttribute('href')).toBe(
      '/user/bookings/ESB-2026000004',
    )
    expect(within(item).getByRole('button', { name: /^Approve Storage/ })).toBeTruthy()
  })
})
