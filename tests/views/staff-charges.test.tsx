import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ChargeItem, chargeMessages, gstReasons } from '../../contract/finance/charges'
import type { ApiClient } from '../../src/api/client'

// The Charges panel as finance meets it, on the finance desk's booking page (the operations desk's booking page
// mounts the same panel).

const charge = (over: Partial<ChargeItem>): ChargeItem => ({
  id: 1,
  bookingNumber: 'ESB-2026-000001',
  code: 'OFR',
  description: 'Ocean freight',
  quantityText: '1 × 40HC',
  currency: 'SGD',
  amount: 150000,
  gstCode: 'ZR',
  gstReason: gstReasons.freight,
  source: 'quote',
  status: 'approved',
  reason: null,
  decisionReason: null,
  requestedAt: '2026-11-20T02:00:00Z',
  requestedBy: null,
  decidedAt: null,
  decidedBy: null,
  attachment: null,
  invoiceNumber: null,
  ...over,
})

const pending = charge({
  id: 2,
  code: 'WTT',
  description: 'Waiting time at the depot',
  quantityText: '2 hours',
  amount: 8000,
  source: 'change',
  status: 'pending',
  reason: 'The truck waited two hours',
  requestedBy: 'Fay Finance',
})

const calls: { path: string; method: string; body: unknown }[] = []
let charges: ChargeItem[] = []
/** What the next POST answers: a refusal to throw, or nothing (accepted). */
let refusal: unknown = null

const api = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  const method = options.method ?? 'GET'
  calls.push({ path, method, body: options.body })
  if (path === '/api/staff/bookings/ESB-2026-000001/charges' && method === 'GET') return charges
  if (method === 'POST' && refusal) throw refusal
  if (path === '/api/staff/bookings/ESB-2026-000001/charges') {
    const added = charge({ id: 3, code: 'STO', description: 'Storage', source: 'change', status: 'pending' })
    charges = [...charges, added]
    return { message: 'Charge sent to the customer for approval.', charge: added }
  }
  if (path === '/api/staff/charges/2/withdraw') {
    charges = charges.map((one) => (one.id === 2 ? { ...one, status: 'withdrawn' as const } : one))
    return { message: 'Change request withdrawn.', charge: charges[1] }
  }
  throw { status: 404, message: 'Not found.' }
}) as unknown as ApiClient

vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => import('./staff-link'))

// jsdom has no CSS.escape, which react-aria's dialogs call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { FinanceIssuePage } = await import('../../src/features/staff/finance-issue-page')

beforeEach(() => {
  charges = [charge({}), pending]
  refusal = null
})
afterEach(() => {
  cleanup()
  calls.length = 0
})

const settle = () => act(async () => {})
const posts = () => calls.filter((call) => call.method === 'POST')

async function openForm() {
  render(<FinanceIssuePage bookingNumber="ESB-2026-000001" />)
  await settle()
  const panel = screen.getByRole('region', { name: 'Charges' })
  fireEvent.click(within(panel).getByRole('button', { name: 'Add a charge' }))
  await settle()
  return within(screen.getByRole('region', { name: 'Add a charge' }))
}

describe("the Charges panel on the finance desk's booking page", () => {
  it('sits under the invoice of the approved charges and lists every charge with its state', async () => {
    render(<FinanceIssuePage bookingNumber="ESB-2026-000001" />)
    await settle()
    expect(screen.getByRole('checkbox', { name: 'Invoice OFR Ocean freight' })).toBeTruthy()
    const rows = within(screen.getByRole('region', { name: 'Charges' })).getAllByTestId('booking-charge')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('OFR · Ocean freight'),
      expect.stringContaining('Why: The truck waited two hours'),
    ])
  })

  it('adds a charge with the GST code its rule gives, in the booking currency and in cents', async () => {
    const form = await openForm()
    fireEvent.change(form.getByLabelText('Charge'), { target: { value: 'STO' } })
    expect(form.getByTestId('charge-gst').textContent).toContain('GST code SR')
    expect(form.getByTestId('charge-gst').textContent).toContain(gstReasons.storageLocal)
    fireEvent.click(form.getByRole('checkbox', { name: 'Stored in a free trade zone (zero-rated)' }))
    expect(form.getByTestId('charge-gst').textContent).toContain('GST code ZR')
    expect(form.getByTestId('charge-gst').textContent).toContain(gstReasons.storageFtz)
    fireEvent.change(form.getByLabelText('Quantity (per day)'), { target: { value: '3 days' } })
    fireEvent.change(form.getByLabelText('Amount excluding GST (SGD)'), { target: { value: '1,200.50' } })
    fireEvent.change(form.getByLabelText('Why it is added (the customer reads it)'), {
      target: { value: 'Cargo held in the FTZ warehouse' },
    })
    fireEvent.click(form.getByRole('button', { name: 'Send to the customer for approval' }))
    await settle()
    expect(posts()).toEqual([
      {
        path: '/api/staff/bookings/ESB-2026-000001/charges',
        method: 'POST',
        body: {
          code: 'STO',
          description: 'Storage',
          quantityText: '3 days',
          currency: 'SGD',
          amount: 120050,
          reason: 'Cargo held in the FTZ warehouse',
          inFreeTradeZone: true,
        },
      },
    ])
    expect(screen.getByTestId('charges-status').textContent).toBe('Charge sent to the customer for approval.')
    expect(screen.queryByRole('region', { name: 'Add a charge' })).toBeNull()
    expect(screen.getAllByTestId('booking-charge')).toHaveLength(3)
  })

  it('needs the receipt from Singapore Customs for a duty, then sends it with the fields', async () => {
    const form = await openForm()
    fireEvent.change(form.getByLabelText('Charge'), { target: { value: 'DTY' } })
    expect(form.getByTestId('charge-gst').textContent).toContain('GST code OS')
    fireEvent.change(form.getByLabelText('Amount excluding GST (SGD)'), { target: { value: '312.40' } })
    fireEvent.change(form.getByLabelText('Why it is added (the customer reads it)'), {
      target: { value: 'Duty paid on entry' },
    })
    fireEvent.click(form.getByRole('button', { name: 'Send to the customer for approval' }))
    await settle()
    const file = form.getByLabelText('Receipt from Singapore Customs (required)')
    expect(file.getAttribute('aria-invalid')).toBe('true')
    expect(form.getByText(chargeMessages.receiptRequired)).toBeTruthy()
    expect(posts()).toEqual([])

    const receipt = new File(['%PDF-1.4'], 'customs-receipt.pdf', { type: 'application/pdf' })
    fireEvent.change(file, { target: { files: [receipt] } })
    fireEvent.click(form.getByRole('button', { name: 'Send to the customer for approval' }))
    await settle()
    const sent = posts()[0]?.body as FormData
    expect(sent).toBeInstanceOf(FormData)
    expect([sent.get('code'), sent.get('amount'), sent.get('currency')]).toEqual(['DTY', '31240', 'SGD'])
    expect((sent.get('file') as File).name).toBe('customs-receipt.pdf')
  })

  it('keeps what was typed when the server refuses it, and says why at the field', async () => {
    refusal = {
      status: 422,
      message: 'Check the charge.',
      errors: { amount: ['A charge is at most SGD 10,000,000.00.'] },
    }
    const form = await openForm()
    fireEvent.change(form.getByLabelText('Charge'), { target: { value: 'RWG' } })
    fireEvent.change(form.getByLabelText('Amount excluding GST (SGD)'), { target: { value: '95' } })
    fireEvent.change(form.getByLabelText('Why it is added (the customer reads it)'), {
      target: { value: 'Carrier re-weighed the box' },
    })
    fireEvent.click(form.getByRole('button', { name: 'Send to the customer for approval' }))
    await settle()
    expect(posts()).toHaveLength(1)
    expect(form.getByText('A charge is at most SGD 10,000,000.00.')).toBeTruthy()
    expect((form.getByLabelText('Charge') as HTMLSelectElement).value).toBe('RWG')
    expect((form.getByLabelText('Amount excluding GST (SGD)') as HTMLInputElement).value).toBe('95')
    expect(
      (form.getByLabelText('Why it is added (the customer reads it)') as HTMLTextAreaElement).value,
    ).toBe('Carrier re-weighed the box')

    // A refusal naming no field is said above the buttons; the fields stay as typed.
    refusal = { status: 409, message: 'The booking was cancelled.' }
    fireEvent.change(form.getByLabelText('Amount excluding GST (SGD)'), { target: { value: '90' } })
    fireEvent.click(form.getByRole('button', { name: 'Send to the customer for approval' }))
    await settle()
    expect(form.getByRole('alert').textContent).toBe('The booking was cancelled.')
    expect((form.getByLabelText('Amount excluding GST (SGD)') as HTMLInputElement).value).toBe('90')
  })

  it('withdraws a pending change request only with a reason the customer reads', async () => {
    render(<FinanceIssuePage bookingNumber="ESB-2026-000001" />)
    await settle()
    expect(screen.queryByRole('button', { name: 'Withdraw OFR Ocean freight' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw WTT Waiting time at the depot' }))
    await settle()
    const dialog = within(screen.getByRole('dialog', { name: 'Withdraw WTT Waiting time at the depot?' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }))
    await settle()
    expect(dialog.getByText(chargeMessages.withdrawReasonRequired)).toBeTruthy()
    expect(posts()).toEqual([])
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: '  Billed by mistake ' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }))
    await settle()
    expect(posts()).toEqual([
      { path: '/api/staff/charges/2/withdraw', method: 'POST', body: { reason: 'Billed by mistake' } },
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('charges-status').textContent).toBe('Change request withdrawn.')
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).toBeNull()
  })
})
