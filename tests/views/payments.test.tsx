import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../src/api/client'
import { acme, bankLine, openInvoices, payment } from '../fixtures/payment-desk'

/** The invoices list as the finance desk's API answers it, from the payment fixtures' open invoices. */
const invoicePage = {
  invoices: openInvoices.map(({ state, ...invoice }) => ({
    ...invoice,
    kind: 'invoice',
    customerId: acme.id,
    customerName: acme.name,
    state,
    creditsNumber: null,
    creditsIssueDay: null,
  })),
  next: null,
}

const calls: { path: string; method: string; body: unknown }[] = []
let refuseNextPost = false
const api = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  calls.push({ path, method: options.method ?? 'GET', body: options.body })
  if (options.method === 'POST' && refuseNextPost) {
    refuseNextPost = false
    throw { status: 409, message: 'Someone allocated INV-2026-000001 first.' }
  }
  if (path.startsWith('/api/staff/customers?'))
    return { customers: [{ id: acme.id, name: acme.name }], page: 1, pageSize: 25, total: 1 }
  if (path === '/api/staff/invoices') return invoicePage
  if (path === '/api/staff/payments' && options.method === 'POST')
    return { message: 'Payment recorded.', payment: { ...payment, id: 12 } }
  if (path === '/api/staff/payments') return { payments: [], next: null }
  if (path === '/api/staff/payments/11') return payment
  if (path === '/api/staff/payments/11/reversal')
    return { message: 'Payment reversed: its allocations are undone.', payment }
  if (path === '/api/staff/bank-lines') return { lines: [bankLine], next: null }
  if (path === '/api/staff/bank-lines/31/match') return { message: 'Payment recorded.', payment }
  if (path === '/api/staff/bank-statements')
    return {
      message: 'Statement uploaded: 1 new of 3 lines (the rest were uploaded before).',
      statementId: 4,
      format: 'camt053',
      linesInFile: 3,
      linesAdded: 1,
      skipped: 0,
    }
  throw { status: 404, message: 'Not found.' }
}) as unknown as ApiClient

vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => import('./staff-link'))

const { PaymentListPage } = await import('../../src/features/staff/payment-list-page')
const { PaymentPage } = await import('../../src/features/staff/payment-page')
const { BankPage } = await import('../../src/features/staff/bank-page')

afterEach(() => {
  cleanup()
  calls.length = 0
  refuseNextPost = false
})

const settle = () => act(async () => {})
const posts = () => calls.filter((call) => call.method === 'POST')

describe('recording a payment', () => {
  it('finds the customer, allocates to its open invoices with what is left shown, refuses before sending, keeps what was typed on a failure', async () => {
    render(<PaymentListPage />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Record a payment' }))
    await settle()
    const form = screen.getByRole('region', { name: 'Record a payment' })
    fireEvent.change(within(form).getByLabelText('Find the customer by name'), { target: { value: 'Acme' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Find' }))
    await settle()
    fireEvent.click(within(form).getByRole('button', { name: acme.name }))
    await settle()
    expect(within(form).getByTestId('payment-customer').textContent).toContain(acme.name)
    // Only the SGD invoices are offered, each prefilled with its balance.
    expect(within(form).getAllByTestId('allocation-line')).toHaveLength(2)
    const amountTo1 = within(form).getByLabelText('Amount to INV-2026-000001 (SGD)') as HTMLInputElement
    expect(amountTo1.value).toBe('600.00')
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'cheque' } })
    fireEvent.change(within(form).getByLabelText('Amount (SGD)'), { target: { value: '500' } })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Allocate to INV-2026-000001' }))
    // The server's own rule, before any submit.
    expect(within(form).getByRole('alert').textContent).toBe(
      'Only 500.00 of this payment is left to allocate.',
    )
    expect(within(form).getByTestId('allocation-left').textContent).toContain('Over-allocated by SGD 100.00')
    fireEvent.change(amountTo1, { target: { value: '450' } })
    expect(within(form).getByTestId('allocation-left').textContent).toBe(
      'Left to allocate: SGD 50.00 (credit on account)',
    )
    refuseNextPost = true
    fireEvent.click(within(form).getByRole('button', { name: 'Record the payment' }))
    await settle()
    expect(within(form).getByRole('alert').textContent).toBe('Someone allocated INV-2026-000001 first.')
    expect((within(form).getByLabelText('Amount (SGD)') as HTMLInputElement).value).toBe('500')
    expect(amountTo1.value).toBe('450')
    fireEvent.click(within(form).getByRole('button', { name: 'Record the payment' }))
    await settle()
    expect(posts().at(-1)).toEqual({
      path: '/api/staff/payments',
      method: 'POST',
      body: {
        customerId: acme.id,
        receivedDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        method: 'cheque',
        amount: 50_000,
        currency: 'SGD',
        payerReference: '',
        allocations: [{ invoiceNumber: 'INV-2026-000001', amount: 45_000 }],
      },
    })
    expect(screen.getByTestId('payments-status').textContent).toBe('Payment recorded. Open payment 12')
  })
})

describe("a payment's page", () => {
  it('shows the credit on account with its currency and reverses the payment after a confirm step', async () => {
    render(<PaymentPage id={11} />)
    await settle()
    expect(screen.getByTestId('payment-credit').textContent).toBe('SGD 500.00')
    fireEvent.click(screen.getByRole('button', { name: 'Reverse…' }))
    await settle()
    fireEvent.change(screen.getByLabelText(/Why is it reversed/), {
      target: { value: 'The cheque bounced.' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Reverse…' }))
    await settle()
    expect(posts()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reverse it' }))
    await settle()
    expect(posts()).toEqual([
      { path: '/api/staff/payments/11/reversal', method: 'POST', body: { reason: 'The cheque bounced.' } },
    ])
    expect(screen.getByTestId('payment-status').textContent).toBe(
      'Payment reversed: its allocations are undone.',
    )
    expect(document.activeElement).toBe(screen.getByTestId('payment-status'))
  })
})

describe('the bank statements page', () => {
  it('uploads a statement and says what it added, then confirms a line as suggested', async () => {
    render(<BankPage />)
    await settle()
    const file = new File(['<Document/>'], 'statement.xml', { type: 'application/xml' })
    fireEvent.change(screen.getByLabelText('Statement file (camt.053 XML or CSV)'), {
      target: { files: [file] },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await settle()
    expect(screen.getByTestId('upload-result').textContent).toBe(
      'Statement uploaded: 1 new of 3 lines (the rest were uploaded before).',
    )
    const upload = calls.find((call) => call.path === '/api/staff/bank-statements') as { body: FormData }
    expect(upload.body.get('file')).toBeInstanceOf(File)
    const line = screen.getByTestId('bank-line')
    expect(within(line).getByTestId('bank-suggestion').textContent).toContain('INV-2026-000002 SGD 400.00')
    fireEvent.click(within(line).getByRole('button', { name: /^Confirm / }))
    await settle()
    expect(posts().at(-1)).toEqual({
      path: '/api/staff/bank-lines/31/match',
      method: 'POST',
      body: {
        customerId: acme.id,
        method: 'fast',
        allocations: [{ invoiceNumber: 'INV-2026-000002', amount: 40_000 }],
      },
    })
    expect(screen.getByTestId('bank-status').textContent).toBe('Payment recorded.')
  })

  it('changes a suggestion in the payment form: the line fixes the amount, the suggestion is where it starts', async () => {
    render(<BankPage />)
    await settle()
    fireEvent.click(within(screen.getByTestId('bank-line')).getByRole('button', { name: /^Change / }))
    await settle()
    const form = screen.getByRole('region', { name: /^Match entry 1/ })
    expect(within(form).getByTestId('payment-customer').textContent).toContain(acme.name)
    expect(within(form).queryByLabelText('Amount (SGD)')).toBeNull()
    const suggested = within(form).getByRole('checkbox', {
      name: 'Allocate to INV-2026-000002',
    }) as HTMLInputElement
    expect(suggested.checked).toBe(true)
    fireEvent.click(suggested)
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Allocate to INV-2026-000001' }))
    expect(within(form).getByRole('alert').textContent).toBe(
      'Only 400.00 of this payment is left to allocate.',
    )
    fireEvent.change(within(form).getByLabelText('Amount to INV-2026-000001 (SGD)'), {
      target: { value: '400' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Match the line' }))
    await settle()
    expect(posts().at(-1)).toEqual({
      path: '/api/staff/bank-lines/31/match',
      method: 'POST',
      body: {
        customerId: acme.id,
        method: 'fast',
        allocations: [{ invoiceNumber: 'INV-2026-000001', amount: 40_000 }],
      },
    })
    expect(screen.getByTestId('bank-status').textContent).toBe('Payment recorded.')
  })
})
