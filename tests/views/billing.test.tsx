import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CustomerBilling } from '../../contract/finance/invoice-wire'
import type { ApiClient } from '../../src/api/client'

// A company's billing details on its page of the customer directory: finance edits them, an admin reads them.

const calls: { path: string; method: string; body: unknown }[] = []
let stored: CustomerBilling

const call = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  const method = options.method ?? 'GET'
  calls.push({ path, method, body: options.body })
  if (path !== '/api/staff/customers/7/billing') throw { status: 404, message: 'Not found.' }
  if (method === 'PUT') {
    stored = { ...(options.body as CustomerBilling), openBalance: stored.openBalance }
    return { message: 'Billing details saved.', billing: stored }
  }
  return stored
})
const api = call as unknown as ApiClient

vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))

const { BillingDetails } = await import('../../src/features/staff/billing-form')

beforeEach(() => {
  stored = { paymentTermsDays: 30, currency: 'SGD', address: null, creditLimit: null, openBalance: 1_234_550 }
})
afterEach(() => {
  cleanup()
  calls.length = 0
})

const settle = () => act(async () => {})
const region = () => within(screen.getByRole('region', { name: 'Billing details' }))

describe("a company's billing details", () => {
  it('finance sets the terms, the currency and the address invoices print', async () => {
    render(<BillingDetails customerId={7} mayEdit />)
    await settle()
    const form = region()
    expect((form.getByLabelText('Payment terms') as HTMLSelectElement).value).toBe('30')
    fireEvent.change(form.getByLabelText('Payment terms'), { target: { value: '14' } })
    fireEvent.change(form.getByLabelText('Currency'), { target: { value: 'USD' } })
    const address = form.getByLabelText('Billing address (printed on invoices)')
    fireEvent.change(address, { target: { value: '1 Quay' } })
    fireEvent.blur(address)
    expect(form.getByText('Enter the billing address (at least 10 characters).')).toBeTruthy()
    fireEvent.click(form.getByRole('button', { name: 'Save the billing details' }))
    await settle()
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])

    fireEvent.change(address, { target: { value: '1 Harbour Road\nSingapore 099999' } })
    fireEvent.click(form.getByRole('button', { name: 'Save the billing details' }))
    await settle()
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        path: '/api/staff/customers/7/billing',
        method: 'PUT',
        body: {
          paymentTermsDays: 14,
          currency: 'USD',
          address: '1 Harbour Road\nSingapore 099999',
          creditLimit: null,
        },
      },
    ])
    expect(form.getByTestId('billing-status').textContent).toBe('Billing details saved.')
    expect(form.queryByText(/at least 10 characters/)).toBeNull()
  })

  it('finance sets a credit limit beside the open balance, or leaves it empty for the default', async () => {
    stored = { ...stored, address: '1 Harbour Road\nSingapore 099999' }
    render(<BillingDetails customerId={7} mayEdit />)
    await settle()
    const form = region()
    const limit = form.getByLabelText('Credit limit (SGD)') as HTMLInputElement
    expect(limit.value).toBe('')
    expect(form.getByTestId('open-balance').textContent).toBe('SGD 12,345.50')
    expect(form.getByText(/Empty: the default, SGD 50,000.00/)).toBeTruthy()
    fireEvent.change(limit, { target: { value: 'lots' } })
    fireEvent.blur(limit)
    expect(form.getByText(/Enter the credit limit as an amount/)).toBeTruthy()
    fireEvent.change(limit, { target: { value: '75,000.5' } })
    fireEvent.click(form.getByRole('button', { name: 'Save the billing details' }))
    await settle()
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        paymentTermsDays: 30,
        currency: 'SGD',
        address: '1 Harbour Road\nSingapore 099999',
        creditLimit: 7_500_050,
      },
    ])
    expect((form.getByLabelText('Credit limit (SGD)') as HTMLInputElement).value).toBe('75000.50')
  })

  it("shows the server's refusal at its field and keeps what finance typed", async () => {
    render(<BillingDetails customerId={7} mayEdit />)
    await settle()
    const form = region()
    call.mockRejectedValueOnce({
      status: 422,
      message: 'Check the billing details.',
      errors: { address: ['The address holds characters invoices cannot print.'] },
    })
    fireEvent.change(form.getByLabelText('Billing address (printed on invoices)'), {
      target: { value: '2 Marina View, Singapore 018960' },
    })
    fireEvent.click(form.getByRole('button', { name: 'Save the billing details' }))
    await settle()
    expect(form.getByText('The address holds characters invoices cannot print.')).toBeTruthy()
    expect((form.getByLabelText('Billing address (printed on invoices)') as HTMLTextAreaElement).value).toBe(
      '2 Marina View, Singapore 018960',
    )
  })

  it('an admin reads them, with no form to change them', async () => {
    stored = {
      paymentTermsDays: 0,
      currency: 'USD',
      address: '9 Raffles Place\nSingapore 048619',
      creditLimit: 2_000_000,
      openBalance: 0,
    }
    render(<BillingDetails customerId={7} mayEdit={false} />)
    await settle()
    const details = region()
    expect(details.getByText('Prepaid')).toBeTruthy()
    expect(details.getByText('USD')).toBeTruthy()
    expect(details.getByText(/9 Raffles Place/)).toBeTruthy()
    expect(details.getByText('USD 20,000.00')).toBeTruthy()
    expect(details.getByText('USD 0.00')).toBeTruthy()
    expect(details.queryByRole('combobox')).toBeNull()
    expect(details.queryByRole('textbox')).toBeNull()
    expect(details.queryByRole('button', { name: 'Save the billing details' })).toBeNull()
  })
})
