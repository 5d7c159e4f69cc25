/**
 * The sales desk's request page (issue 34): "Give it to a colleague" sends the colleague chosen, so the request
 * goes to them and not to the person pressing the button; "Assign to me" names nobody (the caller takes it).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
import type { DeskRequestDetail } from '../../contract/quote-desk'
import type { ApiClient } from '../../src/api/client'

const self = { id: 7, name: 'Daniel Ong' }
const colleague = { id: 8, name: 'Mei Tan' }

const request: DeskRequestDetail = {
  number: 'ESQ-2026000001',
  state: 'Requested',
  mode: 'FCL',
  origin: { code: 'SGSIN', name: 'Singapore' },
  destination: { code: 'BRSSZ', name: 'Santos' },
  company: 'Acme Trading Pte Ltd',
  requester: 'Tan Wei',
  requestedAt: '2026-11-24T02:00:00.000Z',
  assignee: null,
  serviceLevel: { level: 'on time', dueAt: '2026-11-24T04:00:00.000Z' },
  request: {
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'BRSSZ',
    readyDate: '2026-11-30',
    commodity: 'Machine parts',
    containers: [{ type: '40HC', count: 1 }],
    cargoValue: 0,
  } as DeskRequestDetail['request'],
  notes: null,
  declineReason: null,
  offers: [],
  templates: [],
  currencies: ['USD', 'SGD'],
  colleagues: [self, colleague],
}

const calls: { path: string; method: string; body: unknown }[] = []
const api = vi.fn(async (path: string, options: { method?: string; body?: { staffId?: number } } = {}) => {
  calls.push({ path, method: options.method ?? 'GET', body: options.body })
  if (!options.method) return { request }
  const to = options.body?.staffId === colleague.id ? colleague : self
  return { request: { ...request, state: 'In progress', assignee: to } }
}) as unknown as ApiClient

const session = createActor(createMachine({ context: { staff: { ...self, roles: ['sales'] } } })).start()
vi.mock('../../src/features/staff/console', () => ({
  staffConsole: () => ({ api, session }),
  staffStream: () => ({ subscribe: () => () => {} }),
}))
vi.mock('../../src/staff/link', () => ({
  Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a>,
}))
vi.mock('../../src/components/conversation/conversation-panel', () => ({ ConversationPanel: () => null }))

globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { QuoteRequestPage } = await import('../../src/features/staff/quote-request-page')

afterEach(() => {
  cleanup()
  calls.length = 0
})

const settle = () => act(async () => {})
const assignments = () => calls.filter((call) => call.method === 'POST')

describe('a quote request on the sales desk', () => {
  it('gives the request to the colleague chosen', async () => {
    render(<QuoteRequestPage number={request.number} />)
    await settle()
    fireEvent.change(screen.getByLabelText('Give it to a colleague'), {
      target: { value: String(colleague.id) },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }))
    await settle()
    expect(assignments()).toEqual([
      {
        path: `/api/staff/quote-requests/${request.number}/assign`,
        method: 'POST',
        body: { staffId: colleague.id },
      },
    ])
    expect(screen.getByRole('region', { name: 'The request' }).textContent).toContain('Mei Tan')
  })

  it('takes it for oneself with "Assign to me", naming nobody', async () => {
    render(<QuoteRequestPage number={request.number} />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }))
    await settle()
    expect(assignments().map((call) => call.body)).toEqual([{}])
    expect(screen.getByRole('region', { name: 'The request' }).textContent).toContain('Daniel Ong (you)')
  })
})
