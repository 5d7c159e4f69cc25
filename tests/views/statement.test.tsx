/**
 * The statement of account (issue 36, docs/payments.md): My Invoices' second tab and finance's page show the
 * balance, the five ageing buckets, the open items and the period's activity with its running balance; the
 * period and currency ask again; Download PDF fetches the PDF of what is shown; a failure offers Try again.
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
import type { AppActors } from '../../src/app/actors'
import { type AppContext, readyAppContext } from '../../src/app/app-context'
import { emptyStatement, statementOfAccount } from '../fixtures/statement'

vi.mock('../../src/app/use-company-role', () => ({ useCompanyRole: () => 'viewer' }))
const downloadFile = vi.fn(async (_api: unknown, _path: string, _name: string) => {})
vi.mock('../../src/api/documents', () => ({ downloadFile }))
const staffApi = vi.fn(async (_path: string, _options?: unknown): Promise<unknown> => statementOfAccount)
vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api: staffApi }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => ({
  Link: ({
    children,
    to,
    params,
    ...rest
  }: {
    children: ReactNode
    to: string
    params?: Record<string, string>
  }) => (
    <a href={Object.entries(params ?? {}).reduce((href, [k, v]) => href.replace(`$${k}`, v), to)} {...rest}>
      {children}
    </a>
  ),
}))

const { MyInvoices } = await import('../../src/features/invoices/my-invoices')
const { FinanceStatementPage } = await import('../../src/features/staff/finance-statement-page')

afterEach(() => {
  cleanup()
  downloadFile.mockClear()
  staffApi.mockClear()
})
vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

type Answer = (path: string, options?: { query?: Record<string, string> }) => Promise<unknown>

async function renderWith(ui: ReactNode, answer: Answer) {
  const api = vi.fn(answer)
  const root = createRootRouteWithContext<AppContext>()({ component: () => ui })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/user/invoices?view=statement'] }),
    context: readyAppContext({ api, inspect: undefined } as unknown as AppActors),
  })
  await act(async () => {
    render(<RouterProvider router={router as never} />)
  })
  return { api, router }
}

const info = { title: 'My Invoices', heading: 'My Invoices', description: '' }
const cells = (row: HTMLElement) =>
  Object.fromEntries([...row.querySelectorAll('td')].map((td) => [td.dataset.label, td.textContent]))
const statementCalls = (api: ReturnType<typeof vi.fn>) =>
  api.mock.calls.filter(([path]) => path === '/api/statement').map(([, options]) => options?.query)

describe("My Invoices' statement of account", () => {
  it('shows the balance, the five buckets, the open items and the activity with its running balance', async () => {
    const { api } = await renderWith(
      <MyInvoices info={info} search={{ view: 'statement' }} />,
      async () => statementOfAccount,
    )
    expect(screen.getByRole('link', { name: 'Statement of account' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBeNull()
    // The list's request is not made: only the statement's, for the last 90 days in the billing currency.
    expect(api.mock.calls.map(([path]) => path)).toEqual(['/api/statement'])
    expect(statementCalls(api)).toEqual([{ from: expect.any(String), to: expect.any(String) }])
    expect(screen.getByTestId('statement-balance').textContent).toBe('SGD 550.00')
    const buckets = within(screen.getByTestId('statement-buckets'))
    expect(buckets.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ])
    expect(buckets.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'SGD 300.00',
      'SGD 0.00',
      'SGD 400.00',
      '-SGD 150.00',
      'SGD 0.00',
    ])
    const items = screen.getAllByTestId('open-item')
    expect(items.map(cells)[1]).toEqual({
      Reference: 'INV-2026-000002',
      Item: 'Invoice',
      'Due or dated': '31 Jan 2026',
      Age: '31–60 days',
      Amount: 'SGD 400.00',
    })
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/user/invoices/INV-2026-000002')
    expect(cells(items[0] as HTMLElement)).toMatchObject({
      Item: 'Unallocated payment',
      Amount: '-SGD 150.00',
    })
    const activity = screen.getAllByTestId('activity-row').map(cells)
    expect(activity.map((row) => [row.Entry, row.Amount, row.Balance])).toEqual([
      ['Payment FAST-1', '-SGD 1,200.00', 'SGD 200.00'],
      ['Refund FAST-1', 'SGD 50.00', 'SGD 250.00'],
      ['Invoice INV-2026-000003', 'SGD 300.00', 'SGD 550.00'],
    ])
    expect(screen.getByText('Opening balance').closest('tr')?.textContent).toContain('SGD 1,400.00')
    expect(screen.getByText('Closing balance').closest('tr')?.textContent).toContain('SGD 550.00')
  })

  it('asks again for another period or currency, and downloads the PDF of what is shown', async () => {
    const { api } = await renderWith(
      <MyInvoices info={info} search={{ view: 'statement' }} />,
      async () => statementOfAccount,
    )
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), {
        target: { value: 'Last 30 days' },
      })
    })
    const [first, second] = statementCalls(api) as { from: string; to: string }[]
    expect(second).toEqual({ currency: 'SGD', from: expect.any(String), to: first?.to })
    expect(Date.parse(second?.from ?? '') - Date.parse(first?.from ?? '')).toBe(60 * 86_400_000)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }))
    })
    expect(downloadFile).toHaveBeenCalledTimes(1)
    expect(downloadFile.mock.calls[0]?.[1]).toBe(
      `/api/statement/pdf?currency=SGD&from=${second?.from}&to=${second?.to}`,
    )
  })

  it('says when nothing is open, and offers Try again when the statement fails', async () => {
    let fail = true
    await renderWith(<MyInvoices info={info} search={{ view: 'statement' }} />, async () => {
      if (fail) throw { status: 500, message: 'The statement could not be read.' }
      return emptyStatement
    })
    expect(screen.getByRole('alert').textContent).toContain('The statement could not be read.')
    fail = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Nothing is open: no invoice owes and no credit waits.')).toBeTruthy()
    expect(screen.getByTestId('statement-balance').textContent).toBe('SGD 0.00')
  })
})

describe("finance's statement of account", () => {
  it("shows a company's statement with its documents on the finance desk, and its PDF", async () => {
    await act(async () => {
      render(<FinanceStatementPage customerId="7" />)
    })
    expect(staffApi.mock.calls[0]?.[0]).toBe('/api/staff/customers/7/statement')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statement of account')
    expect(screen.getByTestId('statement-balance').textContent).toBe('SGD 550.00')
    expect(screen.getByRole('link', { name: 'INV-2026-000002' }).getAttribute('href')).toBe(
      '/staff/finance/invoices/INV-2026-000002',
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }))
    })
    expect(downloadFile.mock.calls[0]?.[1]).toMatch(
      /^\/api\/staff\/customers\/7\/statement\/pdf\?currency=SGD&from=/,
    )
  })

  it('says when there is no such company', async () => {
    staffApi.mockImplementationOnce(async () => {
      throw { status: 404, message: 'No such company.' }
    })
    await act(async () => {
      render(<FinanceStatementPage customerId="999" />)
    })
    expect(screen.getByRole('alert').textContent).toBe('No such company.')
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull()
  })
})
