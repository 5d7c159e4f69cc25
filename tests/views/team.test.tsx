import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, createMachine } from 'xstate'
import type { TeamMember, TeamView } from '../../contract/team'
import type { SessionUser } from '../../contract/wire'
import type { ApiClient } from '../../src/api/client'

const person = (over: Partial<TeamMember> & Pick<TeamMember, 'id' | 'name' | 'email'>): TeamMember => ({
  role: 'member',
  status: 'Active',
  lastSignInAt: null,
  isMe: false,
  ...over,
})

const adminTeam: TeamView = {
  company: { name: 'Acme Imports', regnNo: '201912345K' },
  myRole: 'admin',
  members: [
    person({ id: 1, name: 'Aisha Rahman', email: 'aisha@acme.example', role: 'admin', isMe: true }),
    person({ id: 2, name: 'Priya Tan', email: 'priya@acme.example', lastSignInAt: '2025-11-20T06:30:00Z' }),
    person({ id: 3, name: 'Vikram Nair', email: 'vik@acme.example', role: 'viewer', status: 'Deactivated' }),
  ],
  invitations: [
    {
      id: 10,
      email: 'bala@acme.example',
      name: 'Bala Kumar',
      role: 'member',
      status: 'Invited',
      sentAt: '2025-11-24T02:00:00Z',
      expiresAt: '2025-12-01T02:00:00Z',
      invitedBy: 'Aisha Rahman',
    },
  ],
  joinRequests: [
    { id: 20, name: 'Daniel Lim', email: 'daniel@acme.example', requestedAt: '2025-11-25T01:00:00Z' },
  ],
}

const memberTeam: TeamView = {
  ...adminTeam,
  myRole: 'member',
  members: adminTeam.members.map((one) => ({ ...one, isMe: one.id === 2 })),
  joinRequests: [],
}

let team = adminTeam
const calls: { path: string; method: string; body: unknown }[] = []
let refuse: { status: number; message: string } | null = null
const api = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  calls.push({ path, method: options.method ?? 'GET', body: options.body })
  if (refuse && options.method) throw refuse
  if (path === '/api/team/invitations/10' && options.method === 'DELETE') {
    team = { ...team, invitations: [] }
    return { message: 'Invitation withdrawn.' }
  }
  if (path === '/api/team/invitations' && options.method === 'POST') {
    const body = options.body as { email: string; name: string; role: 'viewer' }
    team = {
      ...team,
      invitations: [
        ...team.invitations,
        {
          ...body,
          id: 11,
          status: 'Invited',
          sentAt: '2025-11-26T02:00:00Z',
          expiresAt: '',
          invitedBy: 'Aisha',
        },
      ],
    }
    return team
  }
  return team
}) as unknown as ApiClient

const user: SessionUser = {
  esus_name: 'Aisha Rahman',
  esus_email_id: 'aisha@acme.example',
  esus_company_name: 'Acme Imports',
  esus_mcou: 196,
  mcou_code: 'SG',
  company_role: 'admin',
}
const session = createActor(
  createMachine({
    types: {} as { context: { user: SessionUser }; events: { type: 'user.updated'; user: SessionUser } },
    context: { user },
    on: { 'user.updated': { actions: assign({ user: ({ event }) => event.user }) } },
  }),
).start()
vi.mock('../../src/app/use-app', () => ({ useApp: () => ({ api, session, inspect: undefined }) }))
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}))

globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { TeamPage } = await import('../../src/features/team/team-page')
const info = { title: 'My Team', heading: 'My Team', description: '' }

afterEach(() => {
  cleanup()
  calls.length = 0
  refuse = null
  team = adminTeam
})

const settle = () => act(async () => {})

describe('My Team', () => {
  it("shows an Admin the team, the invitations, the requests to join and what each row's actions are", async () => {
    render(<TeamPage info={info} />)
    await settle()
    expect(screen.getByRole('heading', { level: 1, name: 'My Team' })).toBeTruthy()
    const members = within(screen.getByRole('region', { name: 'Members' })).getAllByTestId('team-member')
    expect(members.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Aisha Rahman (you)',
      'Priya Tan',
      'Vikram Nair',
    ])
    // Never signed in says so; the Admin cannot deactivate themself, and sees why.
    expect(within(members[0] as HTMLElement).getByText('Never')).toBeTruthy()
    expect(
      within(members[0] as HTMLElement).getByRole('button', { name: 'Deactivate Aisha Rahman' }),
    ).toHaveProperty('disabled', true)
    expect(within(members[0] as HTMLElement).getByText('You cannot deactivate yourself.')).toBeTruthy()
    // The only active Admin cannot step down: the role choice is disabled, with the reason.
    expect(within(members[0] as HTMLElement).getByText(/must keep at least one active Admin/)).toBeTruthy()
    expect(
      within(members[1] as HTMLElement).getByRole('button', { name: 'Deactivate Priya Tan' }),
    ).toBeTruthy()
    expect(
      within(members[2] as HTMLElement).getByRole('button', { name: 'Reactivate Vikram Nair' }),
    ).toBeTruthy()
    expect(within(members[2] as HTMLElement).queryByRole('button', { name: /^Deactivate/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Resend invitation to bala@acme.example' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Approve Daniel Lim as Viewer' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Invite a colleague' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/user/team/activity')
  })

  it('shows a Member the team read-only and names the Admins', async () => {
    team = memberTeam
    render(<TeamPage info={info} />)
    await settle()
    expect(screen.getByText(/Admins manage the team: Aisha Rahman/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Invite a colleague' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Deactivate|Reactivate|Resend|Revoke|Approve/ })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Requests to join' })).toBeNull()
    expect(
      within(screen.getAllByTestId('team-member')[1] as HTMLElement).getByText('Priya Tan (you)'),
    ).toBeTruthy()
    // The session learns the role the server has for this user.
    expect(session.getSnapshot().context.user.company_role).toBe('member')
  })

  it('revokes an invitation after the confirmation and says so', async () => {
    render(<TeamPage info={info} />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation to bala@acme.example' }))
    await settle()
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw the invitation to bala@acme.example?' })
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw invitation' }))
    await settle()
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { path: '/api/team/invitations/10', method: 'DELETE', body: undefined },
    ])
    expect(screen.getByRole('status').textContent).toBe('Invitation withdrawn.')
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull()
  })

  it('invites a colleague: the messages on submit, then the invitation listed', async () => {
    render(<TeamPage info={info} />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Invite a colleague' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Invite a colleague' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await settle()
    expect(within(dialog).getByText('Choose a role.')).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'Mei@Acme.example' } })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Mei Tan' } })
    fireEvent.click(within(dialog).getByRole('radio', { name: /Viewer/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await settle()
    expect(calls.at(-1)).toEqual({
      path: '/api/team/invitations',
      method: 'POST',
      body: { email: 'mei@acme.example', name: 'Mei Tan', role: 'viewer' },
    })
    expect(screen.getByRole('status').textContent).toBe('Invitation sent.')
    expect(screen.queryByRole('dialog', { name: 'Invite a colleague' })).toBeNull()
    expect(
      screen.getAllByTestId('team-invitation').map((row) => within(row).getByRole('rowheader').textContent),
    ).toEqual(['bala@acme.example', 'mei@acme.example'])
  })

  it("keeps what was typed and shows the server's message when the email is taken", async () => {
    render(<TeamPage info={info} />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Invite a colleague' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Invite a colleague' })
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'priya@acme.example' } })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Priya' } })
    fireEvent.click(within(dialog).getByRole('radio', { name: /Member/ }))
    refuse = { status: 409, message: 'This email already has an account.' }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await settle()
    expect(within(dialog).getByText('This email already has an account.')).toBeTruthy()
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('priya@acme.example')
  })
})
