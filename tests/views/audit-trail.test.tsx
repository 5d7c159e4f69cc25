import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
import type { AuditEvent, AuditPage } from '../../contract/audit'
import { auditMessages } from '../../contract/audit'
import type { ApiClient } from '../../src/api/client'

const added: AuditEvent = {
  id: '12',
  at: '2026-03-02T06:30:00.000Z',
  actor: {
    kind: 'staff',
    userId: null,
    customerId: null,
    staffId: 1,
    role: 'admin',
    label: 'admin@eship.example',
  },
  action: 'staff.added',
  record: { type: 'staff', id: '9' },
  customerId: null,
  changes: {
    email: { before: null, after: 'hui.min@eship.example' },
    roles: { before: null, after: ['sales', 'operations'] },
    note: { before: 'x'.repeat(100), after: '' },
  },
  clientAddress: '203.0.113.9',
}
const cancelled: AuditEvent = {
  id: '11',
  at: '2026-03-01T01:00:00.000Z',
  actor: { kind: 'customer', userId: 7, customerId: 3, staffId: null, role: null, label: 'ops@acme.example' },
  action: 'booking.cancelled',
  record: { type: 'booking', id: 'BK-7' },
  customerId: 3,
  changes: null,
  clientAddress: null,
}
const older: AuditEvent = {
  ...cancelled,
  id: '4',
  actor: { ...cancelled.actor, kind: 'key', userId: null, customerId: null, label: 'OPS_API_KEY' },
  action: 'booking.confirmed',
}

const calls: { path: string; query: unknown }[] = []
let pages: AuditPage[] = []
const api = vi.fn(async (path: string, options: { query?: unknown } = {}) => {
  calls.push({ path, query: options.query })
  const page = pages.shift()
  if (!page) throw { status: 500 }
  return page
}) as unknown as ApiClient

const session = createActor(createMachine({ context: { staff: null } })).start()
vi.mock('../../src/features/staff/console', () => ({ staffConsole: () => ({ api, session }) }))

const { AuditTrailPage } = await import('../../src/features/staff/audit-page')

afterEach(() => {
  cleanup()
  calls.length = 0
  pages = []
})

const settle = () => act(async () => {})

describe('the Audit trail page', () => {
  it('lists who did what, when and from where, and loads older events', async () => {
    pages = [
      { events: [added, cancelled], nextBefore: '11' },
      { events: [older], nextBefore: null },
    ]
    render(<AuditTrailPage />)
    await settle()
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeTruthy()
    expect(calls).toEqual([{ path: '/api/staff/audit', query: {} }])
    const rows = screen.getAllByTestId('audit-row')
    const first = rows[0] as HTMLElement
    // Singapore time, the staff member with the role the action needed.
    expect(within(first).getByRole('rowheader').textContent).toMatch(/^2 Mar(, 2026)?, 14:30 \(GMT\+8\)$/)
    expect(first.textContent).toContain('admin@eship.example')
    expect(first.textContent).toContain('Admin')
    expect(first.textContent).toContain('staff 9')
    expect(first.textContent).toContain('email: — → hui.min@eship.example')
    expect(first.textContent).toContain('roles: — → ["sales","operations"]')
    expect(first.textContent).toContain(`note: ${'x'.repeat(59)}… → ""`)
    expect(first.textContent).toContain('203.0.113.9')
    expect((rows[1] as HTMLElement).textContent).toContain('customer')
    expect((rows[1] as HTMLElement).textContent).toContain('Company 3')

    fireEvent.click(screen.getByRole('button', { name: 'Show older' }))
    await settle()
    expect(calls.at(-1)).toEqual({ path: '/api/staff/audit', query: { before: '11' } })
    expect(screen.getAllByTestId('audit-row')).toHaveLength(3)
    expect((screen.getAllByTestId('audit-row')[2] as HTMLElement).textContent).toContain('key')
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull()
  })

  it('labels every filter, says a refused one under it and sends the dates as Singapore days', async () => {
    pages = [{ events: [], nextBefore: null }]
    render(<AuditTrailPage />)
    await settle()
    expect(screen.getByText('No events match these filters.')).toBeTruthy()
    for (const label of [
      'Who acted',
      'Action',
      'Record type',
      'Record id',
      'Staff id',
      'Company id',
      'From',
      'To',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy()
    const action = screen.getByLabelText('Action')
    expect(action.getAttribute('aria-describedby')).toBe('audit-action-hint')
    expect(document.getElementById('audit-action-hint')?.textContent).toContain(
      'booking. for all booking actions',
    )

    fireEvent.change(screen.getByLabelText('Record id'), { target: { value: 'BK-7' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await settle()
    expect(calls).toHaveLength(1)
    expect(screen.getByText(auditMessages.recordTypeNeeded)).toBeTruthy()
    expect(screen.getByLabelText('Record type').getAttribute('aria-invalid')).toBe('true')

    pages = [{ events: [cancelled], nextBefore: null }]
    fireEvent.change(screen.getByLabelText('Record type'), { target: { value: 'booking' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await settle()
    expect(calls.at(-1)?.query).toEqual({
      recordType: 'booking',
      recordId: 'BK-7',
      from: '2026-03-01T00:00:00+08:00',
      to: '2026-03-02T00:00:00+08:00',
    })
    expect(screen.getAllByTestId('audit-row')).toHaveLength(1)
  })

  it('offers a retry after a failure', async () => {
    render(<AuditTrailPage />)
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('Try again')
    pages = [{ events: [cancelled], nextBefore: null }]
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(screen.getAllByTestId('audit-row')).toHaveLength(1)
  })
})
