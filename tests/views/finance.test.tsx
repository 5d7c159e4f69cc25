import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { invoiceTotals } from '../../contract/finance/invoices'
import type { ApiClient } from '../../src/api/client'

const lines = [
  {
    lineNo: 1,
    code: 'OFR',
    description: 'Ocean freight',
    quantityText: '1 × 40HC',
    amount: 150000,
    gstCode: 'ZR',
    creditsLineNo: null,
  },
  {
    lineNo: 2,
    code: 'STO',
    description: 'Storage',
    quantityText: '3 days',
    amount: 10000,
    gstCode: 'SR',
    creditsLineNo: null,
  },
] as const
const party = {
  name: 'Acme Pte Ltd',
  addressLines: ['1 Harbour Road', 'Singapore 099999'],
  uen: '201912345A',
}
const invoice = {
  number: 'INV-2026-000001',
  kind: 'invoice',
  bookingNumber: 'ESB-2026-000001',
  customerId: 7,
  customerName: 'Acme Pte Ltd',
  issueDay: '2026-11-29',
  dueDay: '2026-12-29',
  currency: 'SGD',
  total: 160900,
  balance: 160900,
  state: 'issued',
  creditsNumber: null,
  creditsIssueDay: null,
  supplier: { ...party, name: 'eShip Pte Ltd', gstRegistrationNumber: 'M90312345X' },
  customer: party,
  lines,
  totals: invoiceTotals(lines),
  gstRateBps: 900,
  paymentTermsDays: 30,
  sgd: null,
  reason: null,
  credited: 0,
  paid: 0,
  creditNotes: [],
  paynow: null,
  issuedAt: '2026-11-29T02:00:00Z',
}

const calls: { path: string; method: string; body: unknown }[] = []
const api = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  calls.push({ path, method: options.method ?? 'GET', body: options.body })
  if (path === '/api/staff/finance/uninvoiced')
    return [
      {
        bookingNumber: 'ESB-2026-000002',
        customerId: 9,
        customerName: 'No Address Ltd',
        currency: 'USD',
        charges: 3,
        amount: 250000,
        since: '2026-11-20T02:00:00Z',
        billingAddressMissing: true,
      },
    ]
  if (path.endsWith('/credit-notes'))
    return {
      message: 'Credit note CN-2026-000001 issued.',
      invoice: { ...invoice, number: 'CN-2026-000001' },
    }
  if (path === '/api/staff/invoices/INV-2026-000001') return invoice
  throw { status: 404, message: 'Not found.' }
}) as unknown as ApiClient

vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => import('./staff-link'))

const { FinanceDeskPage } = await import('../../src/features/staff/finance-desk-page')
const { FinanceInvoicePage } = await import('../../src/features/staff/finance-invoice-page')

afterEach(() => {
  cleanup()
  calls.length = 0
})

const settle = () => act(async () => {})

describe('the finance desk', () => {
  it('lists the bookings to invoice and warns of a company without a billing address', async () => {
    render(<FinanceDeskPage />)
    await settle()
    const row = screen.getByRole('row', { name: /ESB-2026-000002/ })
    expect(within(row).getByText('USD 2,500.00')).toBeTruthy()
    expect(within(row).getByText(/No billing address yet/)).toBeTruthy()
    expect(within(row).getByRole('link', { name: 'Invoice ESB-2026-000002' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download the journal (CSV)' })).toBeTruthy()
  })
})

describe("an invoice's page", () => {
  it('credits a line: the preview follows what is typed, a refusal shows at its line, the credit is sent in cents', async () => {
    render(<FinanceInvoicePage number="INV-2026-000001" />)
    await settle()
    expect(screen.getByRole('heading', { level: 1, name: 'Tax invoice INV-2026-000001' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Credit…' }))
    await settle()
    const form = screen.getByRole('region', { name: 'Credit note for INV-2026-000001' })
    const storage = within(form).getByLabelText(/Credit on line 2, STO Storage/)
    fireEvent.change(storage, { target: { value: '100.01' } })
    expect(within(form).getByText('Line 2 has only SGD 100.00 left to credit.')).toBeTruthy()
    fireEvent.change(storage, { target: { value: '100' } })
    const totals = within(form).getByTestId('totals')
    expect(within(totals).getByText('SGD 9.00')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: 'Storage waived' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Issue the credit note' }))
    await settle()
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      path: '/api/staff/invoices/INV-2026-000001/credit-notes',
      method: 'POST',
      body: { lines: [{ lineNo: 2, amount: 10000 }], reason: 'Storage waived', rebill: false },
    })
    expect(screen.getByTestId('invoice-status').textContent).toBe('Credit note CN-2026-000001 issued.')
  })
})
