/**
 * /user/invoices and a document's page (issue 35): the list with its filters in the address, Show more, the
 * empty and failed states, the changes waiting for approval above it; one document's lines, totals by tax
 * code, SGD equivalents, the PDF fetched with the session, and the ways to pay it.
 */
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { invoiceMessages } from '../../contract/finance/invoices'
import type { AppActors } from '../../src/app/actors'
import { type AppContext, readyAppContext } from '../../src/app/app-context'
import {
  creditNoteSummary,
  invoiceSummary,
  pendingStorage,
  sgdInvoice,
  usdInvoice,
} from '../fixtures/invoices'

vi.mock('../../src/app/use-company-role', () => ({ useCompanyRole: () => 'member' }))
const downloadFile = vi.fn(async () => {})
vi.mock('../../src/api/documents', () => ({ downloadFile }))

const { MyInvoices } = await import('../../src/features/invoices/my-invoices')
const { InvoicePage } = await import('../../src/features/invoices/invoice-page')

afterEach(() => {
  cleanup()
  downloadFile.mockClear()
})
vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

type Answer = (path: string, options?: { query?: Record<string, string> }) => Promise<unknown>

async function renderWith(ui: ReactNode, answer: Answer) {
  const api = vi.fn(answer)
  const root = createRootRouteWithContext<AppContext>()({ component: () => ui })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/user/invoices'] }),
    context: readyAppContext({ api, inspect: undefined } as unknown as AppActors),
  })
  await act(async () => {
    render(<RouterProvider router={router as never} />)
  })
  return { api, router }
}

const info = { title: 'My Invoices', heading: 'My Invoices', description: '' }
const listCalls = (api: ReturnType<typeof vi.fn>) =>
  api.mock.calls.filter(([path]) => path === '/api/invoices').map(([, options]) => options?.query)

describe('My Invoices', () => {
  it('lists each document with its booking, dates, total, balance and state; a row opens it', async () => {
    const { router } = await renderWith(<MyInvoices info={info} search={{}} />, async (path) =>
      path === '/api/charges/pending' ? [] : { invoices: [invoiceSummary, creditNoteSummary], next: null },
    )
    const rows = screen.getAllByTestId('invoice-row')
    const cells = (row: HTMLElement) =>
      Object.fromEntries([...row.querySelectorAll('td')].map((td) => [td.dataset.label, td.textContent]))
    expect(cells(rows[0] as HTMLElement)).toEqual({
      Document: 'INV-2026-000001Tax invoice',
      Booking: 'ESB-2026000004',
      Date: '6 Mar 2026',
      Due: '5 Apr 2026',
      Total: 'SGD 2,646.20',
      Balance: 'SGD 2,646.20',
      State: 'Issued',
    })
    expect(cells(rows[1] as HTMLElement)).toMatchObject({
      Document: 'CN-2026-000001Credit note of INV-2026-000001',
      Due: '—',
      Balance: '—',
      State: 'Credit note',
    })
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'INV-2026-000001' })
        .getAttribute('href'),
    ).toBe('/user/invoices/INV-2026-000001')
    expect(screen.getByRole('status').textContent).toBe('2 documents')
    // No change waits: no section for them.
    expect(screen.queryByRole('region', { name: 'Charges waiting for your approval' })).toBeNull()
    await act(async () => {
      fireEvent.click(rows[1]?.querySelector('[data-label="Date"]') as HTMLElement)
    })
    expect(router.state.location.pathname).toBe('/user/invoices/CN-2026-000001')
  })

  it('starts from the address’s filters and writes a new one back, reading the first page again', async () => {
    const { api, router } = await renderWith(
      <MyInvoices info={info} search={{ kind: 'invoice', state: 'nonsense', q: 'INV' }} />,
      async (path) => (path === '/api/charges/pending' ? [] : { invoices: [], next: null }),
    )
    expect(listCalls(api)).toEqual([{ kind: 'invoice', q: 'INV' }])
    expect(screen.getByTestId('invoices-empty').textContent).toBe(
      'No invoices or credit notes match these filters.',
    )
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'Overdue' } })
    })
    expect(listCalls(api).at(-1)).toEqual({ kind: 'invoice', state: 'overdue', q: 'INV' })
    expect(router.state.location.search).toEqual({ kind: 'invoice', state: 'overdue', q: 'INV' })
  })

  it('says when there are none yet, and offers Try again when the list fails', async () => {
    let fail = true
    const { api } = await renderWith(<MyInvoices info={info} search={{}} />, async (path) => {
      if (path === '/api/charges/pending') return []
      if (fail) throw { status: 500, message: 'The list could not be read.' }
      return { invoices: [], next: null }
    })
    expect(screen.getByRole('alert').textContent).toContain('The list could not be read.')
    fail = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    expect(listCalls(api)).toHaveLength(2)
    expect(screen.getByTestId('invoices-empty').textContent).toContain('You have no invoices yet.')
  })

  it('shows more from the server’s cursor, below the rows already shown', async () => {
    const { api } = await renderWith(<MyInvoices info={info} search={{}} />, async (path, options) => {
      if (path === '/api/charges/pending') return []
      return options?.query?.after === 'c1'
        ? { invoices: [creditNoteSummary], next: null }
        : { invoices: [invoiceSummary], next: 'c1' }
    })
    expect(screen.getByRole('status').textContent).toBe('1 document shown')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    })
    expect(listCalls(api).at(-1)).toEqual({ after: 'c1' })
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('puts the changes waiting for approval above the list, each with its booking', async () => {
    await renderWith(<MyInvoices info={info} search={{}} />, async (path) =>
      path === '/api/charges/pending' ? [pendingStorage] : { invoices: [], next: null },
    )
    const section = await screen.findByRole('region', { name: 'Charges waiting for your approval' })
    expect(section.textContent).toContain('Singapore (SGSIN) → Nhava Sheva (INNSA)')
    expect(within(section).getByRole('link', { name: 'ESB-2026000004' })).toBeTruthy()
    expect(within(section).getByRole('button', { name: /^Approve Storage/ })).toBeTruthy()
    const filters = document.querySelector('search[aria-label="Filter invoices"]') as Element
    expect(section.compareDocumentPosition(filters)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })
})

describe('a document’s page', () => {
  it('an SGD invoice: lines with tax codes, totals by code, GST, the PDF and PayNow', async () => {
    const { api } = await renderWith(<InvoicePage number="INV-2026-000001" />, async () => sgdInvoice)
    expect(api).toHaveBeenCalledWith('/api/invoices/INV-2026-000001')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tax invoice INV-2026-000001')
    const lines = screen.getAllByTestId('invoice-line')
    expect(lines.map((line) => line.querySelector('[data-label="Tax code"]')?.textContent)).toEqual([
      'ZR',
      'SR',
    ])
    const totals = screen.getByTestId('invoice-totals')
    const pairs = [...totals.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ])
    expect(pairs).toEqual([
      ['Standard-rated (9%) (SR)', 'SGD 180.00'],
      ['Zero-rated (ZR)', 'SGD 2,450.00'],
      ['Total excluding GST', 'SGD 2,630.00'],
      ['GST 9%', 'SGD 16.20'],
      ['Total including GST', 'SGD 2,646.20'],
    ])
    expect(screen.queryByTestId('invoice-sgd')).toBeNull()

    const pay = screen.getByRole('region', { name: 'Pay SGD 2,646.20' })
    const qr = within(pay).getByRole('img', { name: /^PayNow QR code: SGD 2,646.20/ })
    expect(qr.getAttribute('aria-label')).toContain('bill number INV-2026-000001')
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(pay.textContent).toContain('QR valid until19 Apr 2026')
    expect(pay.textContent).toContain('Account number000-000000-0')

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }))
    })
    expect(downloadFile).toHaveBeenCalledWith(api, '/api/invoices/INV-2026-000001/pdf', 'INV-2026-000001.pdf')
  })

  it('a USD invoice: out-of-scope apart, the SGD equivalents at the frozen rate, bank transfer only', async () => {
    await renderWith(<InvoicePage number="INV-2026-000002" />, async () => usdInvoice)
    const totals = screen.getByTestId('invoice-totals')
    expect(totals.textContent).toContain('Out of scope (OS)USD 50.00')
    expect(totals.textContent).not.toContain('(SR)')
    expect(
      screen.getByText(/1 USD = 1\.3452 SGD, eShip pricing team reference rate, 1 Mar 2026/),
    ).toBeTruthy()
    expect(screen.getByTestId('invoice-sgd').textContent).toContain('Total including GSTSGD 2,488.62')
    expect(screen.queryByRole('img', { name: /PayNow/ })).toBeNull()
    expect(screen.getByRole('region', { name: 'Pay USD 1,850.00' }).textContent).toContain('Bank transfer')
  })

  it('a number not the company’s is not found', async () => {
    await renderWith(<InvoicePage number="INV-2026-000009" />, async () => {
      throw { status: 404, message: invoiceMessages.notFound }
    })
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice not found'),
    )
    expect(screen.getByRole('alert').textContent).toBe(invoiceMessages.notFound)
  })
})
