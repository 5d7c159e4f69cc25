/**
 * A Viewer of the company sees no action (issue 24): the conversation without its box, the sales offer
 * without Decline, the address book without Add, Edit or Delete, the quote form replaced by the line that says
 * why; a Member sees them. The server refuses a Viewer's change anyway (tests/server/customer-roles.test.ts).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavedParty } from '../../contract/parties'
import type { QuoteDeskView } from '../../contract/quotes'
import { type CompanyRole, teamMessages } from '../../contract/team'
import type { ApiClient } from '../../src/api/client'
import type { ConversationCalls } from '../../src/api/conversations'
import type { EventStream } from '../../src/app/event-stream'

const parties: SavedParty[] = [
  {
    id: 1,
    name: 'Orchard Trading Pte Ltd',
    address: '8 Orchard Road, #05-01, Singapore 238801',
    contact: null,
    roles: ['shipper'],
    usedAt: null,
    updatedAt: '2026-03-02T08:00:00.000Z',
  },
]
const api = vi.fn(async (path: string) =>
  path === '/api/parties' ? { parties } : {},
) as unknown as ApiClient
let role: CompanyRole = 'viewer'

vi.mock('../../src/app/use-app', () => ({ useApp: () => ({ api }) }))
vi.mock('../../src/app/use-company-role', () => ({ useCompanyRole: () => role }))
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => () => {},
}))

// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { ConversationPanel } = await import('../../src/components/conversation/conversation-panel')
const { SalesOffer } = await import('../../src/features/quotes/sales-offer')
const { ManageAddressBook, useAddressBook } = await import('../../src/features/quotes/address-book')
const { QuoteForm } = await import('../../src/features/quotes/quote-form')

afterEach(() => {
  cleanup()
  role = 'viewer'
})

const settle = () => act(async () => {})
const stream: EventStream = { subscribe: () => () => {}, markRead: () => {} }
const subject = { type: 'quote' as const, number: 'ESQ-2026000001' }
const conversation: ConversationCalls = {
  load: async () => ({
    subject,
    messages: [
      {
        id: 1,
        subject,
        body: 'Your offer is ready.',
        at: '2026-03-02T08:00:00.000Z',
        mine: false,
        author: { kind: 'staff', name: 'Sam Sales' },
      },
    ],
    unread: 0,
  }),
  send: async () => {
    throw new Error('a Viewer sends nothing')
  },
}
const desk: QuoteDeskView = {
  state: 'Offer sent',
  declineReason: null,
  offers: [
    {
      version: 1,
      sentAt: '2026-03-02T08:00:00.000Z',
      sentBy: 'Sam Sales',
      carrier: 'Maersk',
      service: 'AE7',
      transitDays: 21,
      totalUsd: 2400,
      validTo: '2026-03-30',
      note: '',
      superseded: false,
    },
  ],
}

function Book({ readOnly }: { readOnly: boolean }) {
  const book = useAddressBook(() => {})
  return <ManageAddressBook book={book} readOnly={readOnly} />
}

describe("a Viewer's pages", () => {
  it('show the messages of a conversation, no box to write one, and why', async () => {
    const { rerender } = render(
      <ConversationPanel
        subject={{ type: 'quote', number: 'ESQ-2026000001' }}
        calls={conversation}
        stream={stream}
        other="our sales team"
        readOnly
      />,
    )
    await settle()
    expect(screen.getByText('Your offer is ready.')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    expect(screen.getByText(teamMessages.viewerReadsOnly)).toBeTruthy()
    rerender(
      <ConversationPanel
        subject={{ type: 'quote', number: 'ESQ-2026000001' }}
        calls={conversation}
        stream={stream}
        other="our sales team"
      />,
    )
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeTruthy()
    expect(screen.queryByText(teamMessages.viewerReadsOnly)).toBeNull()
  })

  it("show the sales team's offer without Decline", () => {
    const { rerender } = render(
      <SalesOffer api={api} number="ESQ-2026000001" desk={desk} onDeclined={() => {}} readOnly />,
    )
    expect(screen.getByText(/Version 1, sent by Sam Sales/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Decline this offer' })).toBeNull()
    rerender(<SalesOffer api={api} number="ESQ-2026000001" desk={desk} onDeclined={() => {}} />)
    expect(screen.getByRole('button', { name: 'Decline this offer' })).toBeTruthy()
  })

  it('show the address book to read: no Add, Edit or Delete', async () => {
    render(<Book readOnly />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Address book' }))
    await settle()
    expect(await screen.findByText('Orchard Trading Pte Ltd')).toBeTruthy()
    for (const name of ['Add a party', 'Edit Orchard Trading Pte Ltd', 'Delete Orchard Trading Pte Ltd']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull()
    }
    expect(screen.getByText(teamMessages.viewerReadsOnly)).toBeTruthy()
  })

  it('offer no quote form; a Member gets it', async () => {
    const { unmount } = render(<QuoteForm search={{}} />)
    expect(screen.getByRole('heading', { name: 'Get an instant quote' })).toBeTruthy()
    expect(screen.getByText(teamMessages.viewerReadsOnly)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /quote/i })).toBeNull()
    unmount()
    role = 'member'
    render(<QuoteForm search={{}} />)
    expect(screen.queryByText(teamMessages.viewerReadsOnly)).toBeNull()
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0)
  })
})
