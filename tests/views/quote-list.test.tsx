/**
 * My Quotes' words for each row (issue 34): who made a quote and who priced it, and which total it shows (a
 * booked quote its booking's, with the services booked; any other the quote's, before services).
 */
import { act, cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import type { QuoteSummary } from '../../contract/quotes'
import type { ApiClient } from '../../src/api/client'

const base: QuoteSummary = {
  number: 'ESQ-2026000001',
  status: 'Active',
  mode: 'FCL',
  origin: { code: 'SGSIN', name: 'Singapore', country_code: 'SG' },
  destination: { code: 'INNSA', name: 'Nhava Sheva', country_code: 'IN' },
  totalUsd: 333_846,
  totalOf: 'quote',
  carrier: 'Hapag-Lloyd',
  validTo: '2026-11-01',
  createdAt: '2026-10-20T01:00:00Z',
  bookingNumber: null,
  pricedBySales: false,
  madeBy: 'Priya Tan',
  pricedBy: null,
}
const quotes: QuoteSummary[] = [
  base,
  {
    ...base,
    number: 'ESQ-2026000002',
    status: 'Booked',
    bookingNumber: 'ESB-2026000001',
    totalUsd: 355_711,
    totalOf: 'booking',
  },
  { ...base, number: 'ESQ-2026000003', pricedBySales: true, pricedBy: 'Tan Wei Ming', totalUsd: 420_000 },
  {
    ...base,
    number: 'ESQ-2026000004',
    status: 'Requested',
    totalUsd: null,
    totalOf: null,
    carrier: null,
    validTo: null,
  },
]
const api = vi.fn(async (path: string) =>
  path === '/api/quotes' ? { quotes } : { total: 0, subjects: [] },
) as unknown as ApiClient

vi.mock('../../src/app/use-app', () => ({ useApp: () => ({ api, inspect: undefined }) }))
vi.mock('../../src/app/use-company-role', () => ({ useCompanyRole: () => 'member' }))
vi.mock('../../src/app/customer-stream', () => ({
  customerStream: () => ({ subscribe: () => () => {}, markRead: () => {} }),
}))
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/user/getquote">{children}</a>,
  useNavigate: () => () => {},
}))

// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { MyQuotes } = await import('../../src/features/quotes/my-quotes')

afterEach(cleanup)

it('says who made and priced each quote, and which total it shows', async () => {
  render(<MyQuotes info={{ title: 'My Quotes', heading: 'My Quotes', description: '' }} />)
  await act(async () => {})
  const rows = screen.getAllByTestId('quote-row')
  const row = (number: string) => {
    const found = rows.find((r) => r.textContent?.includes(number))
    if (!found) throw new Error(`no row ${number}`)
    return within(found)
  }
  const madeBy = (number: string) => row(number).getByTestId('quote-made-by').textContent
  const totalOf = (number: string) => row(number).queryByTestId('quote-total-of')?.textContent ?? null

  expect(madeBy('ESQ-2026000001')).toBe('Quoted by Priya Tan')
  expect(madeBy('ESQ-2026000003')).toBe('Requested by Priya Tan, priced by Tan Wei Ming of our sales team')
  expect(madeBy('ESQ-2026000004')).toBe('Requested by Priya Tan')

  expect(row('ESQ-2026000001').getByText('USD 3,338.46')).toBeTruthy()
  expect(totalOf('ESQ-2026000001')).toBe('quoted, before services')
  expect(row('ESQ-2026000002').getByText('USD 3,557.11')).toBeTruthy()
  expect(totalOf('ESQ-2026000002')).toBe('as booked, with services')
  expect(totalOf('ESQ-2026000004')).toBeNull()
})
