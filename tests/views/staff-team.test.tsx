import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
import type { StaffMember } from '../../contract/staff'
import type { ApiClient } from '../../src/api/client'

const team: StaffMember[] = [
  {
    id: 1,
    email: 'admin@eship.example',
    name: 'Aisha Rahman',
    roles: ['admin'],
    enrolled: true,
    active: true,
  },
  {
    id: 2,
    email: 'daniel@eship.example',
    name: 'Daniel Lim',
    roles: ['sales'],
    enrolled: false,
    active: true,
  },
]

const calls: { path: string; method: string; body: unknown }[] = []
let refuse: { status: number; message: string } | null = null
const api = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  calls.push({ path, method: options.method ?? 'GET', body: options.body })
  if (refuse) throw refuse
  if (!options.method) return { staff: team }
  if (options.method === 'PATCH') return { staff: { ...team[1], ...(options.body as object) } }
  if (path.endsWith('/deactivate')) return { staff: { ...team[1], active: false } }
  return { staff: team[1] }
}) as unknown as ApiClient

// The console's session: the signed-in admin.
const session = createActor(
  createMachine({
    context: { staff: { id: 1, email: 'admin@eship.example', name: 'Aisha Rahman', roles: ['admin'] } },
  }),
).start()
vi.mock('../../src/features/staff/console', () => ({ staffConsole: () => ({ api, session }) }))

globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { TeamPage } = await import('../../src/features/staff/team-page')

afterEach(() => {
  cleanup()
  calls.length = 0
  refuse = null
})

const settle = () => act(async () => {})

describe('the Team page', () => {
  it('lists the team; the signed-in admin cannot deactivate themselves', async () => {
    render(<TeamPage />)
    await settle()
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeTruthy()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Aisha Rahman (you)',
      'Daniel Lim',
    ])
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Deactivate/ })).toBeNull()
    expect(within(rows[0] as HTMLElement).getByText(/You cannot deactivate yourself/)).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('Invited')).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Sales role of Daniel Lim' })).toHaveProperty('checked', true)
  })

  it('saves roles as they are ticked, and says a refusal in the row', async () => {
    render(<TeamPage />)
    await settle()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pricing role of Daniel Lim' }))
    await settle()
    expect(calls.at(-1)).toEqual({
      path: '/api/staff/team/2',
      method: 'PATCH',
      body: { roles: ['sales', 'pricing'] },
    })
    expect(screen.getByRole('status').textContent).toBe('Saved.')
    expect(screen.getByRole('checkbox', { name: 'Pricing role of Daniel Lim' })).toHaveProperty(
      'checked',
      true,
    )
    // Her only role: nothing is sent, and the row says why.
    const patches = calls.length
    fireEvent.click(screen.getByRole('checkbox', { name: 'Admin role of Aisha Rahman' }))
    await settle()
    expect(calls.length).toBe(patches)
    const first = screen.getAllByRole('row')[1] as HTMLElement
    expect(within(first).getByRole('alert').textContent).toBe('Choose at least one role.')
    expect(screen.getByRole('checkbox', { name: 'Admin role of Aisha Rahman' })).toHaveProperty(
      'checked',
      true,
    )
    // A refusal is said in the member's row, and their roles stay.
    refuse = { status: 409, message: 'The last active admin cannot lose the admin role or be deactivated.' }
    fireEvent.click(screen.getByRole('checkbox', { name: 'Operations role of Daniel Lim' }))
    await settle()
    const second = screen.getAllByRole('row')[2] as HTMLElement
    expect(within(second).getByRole('alert').textContent).toBe(refuse.message)
    expect(screen.getByRole('checkbox', { name: 'Operations role of Daniel Lim' })).toHaveProperty(
      'checked',
      false,
    )
  })

  it('adds a member, and deactivates one after the confirmation', async () => {
    render(<TeamPage />)
    await settle()
    const form = screen.getByRole('region', { name: 'Add a staff member' })
    fireEvent.click(within(form).getByRole('button', { name: 'Add and send invitation' }))
    await settle()
    expect(within(form).getByText('Choose at least one role.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.change(within(form).getByLabelText('Work email'), { target: { value: 'mei@eship.example' } })
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Mei Tan' } })
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Operations:/ }))
    fireEvent.click(within(form).getByRole('button', { name: 'Add and send invitation' }))
    await settle()
    expect(calls.at(-1)).toEqual({
      path: '/api/staff/team',
      method: 'POST',
      body: { email: 'mei@eship.example', name: 'Mei Tan', roles: ['operations'] },
    })
    expect(screen.getByRole('status').textContent).toBe('Invitation sent.')

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Daniel Lim' }))
    await settle()
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Daniel Lim?' })
    expect(calls.some((c) => c.path.endsWith('/deactivate'))).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await settle()
    expect(calls.at(-1)).toMatchObject({ path: '/api/staff/team/2/deactivate', method: 'POST' })
    expect(screen.getByRole('status').textContent).toBe('Deactivated: their sessions have ended.')
    expect(screen.queryByRole('button', { name: 'Deactivate Daniel Lim' })).toBeNull()
  })
})
