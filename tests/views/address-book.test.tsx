import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavedParty } from '../../contract/parties'
import type { ApiClient } from '../../src/api/client'

const parties: SavedParty[] = [
  {
    id: 1,
    name: 'Orchard Trading Pte Ltd',
    address: '8 Orchard Road, #05-01, Singapore 238801',
    contact: 'Lim Mei Ling',
    roles: ['shipper'],
    usedAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
  },
  {
    id: 2,
    name: 'Mumbai Imports Pvt Ltd',
    address: 'Plot 4, JNPT Road, Navi Mumbai 400707',
    contact: null,
    roles: ['consignee'],
    usedAt: null,
    updatedAt: '2026-03-01T08:00:00.000Z',
  },
]

const calls: { path: string; method: string; body: unknown }[] = []
const api = vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
  calls.push({ path, method: options.method ?? 'GET', body: options.body })
  if (path === '/api/parties' && !options.method) return { parties }
  if (options.method === 'PUT') return { party: { ...parties[1], ...(options.body as object) } }
  return {}
}) as unknown as ApiClient

vi.mock('../../src/app/use-app', () => ({ useApp: () => ({ api }) }))

// jsdom has no CSS.escape, which react-aria's popovers and lists call.
globalThis.CSS ??= {} as typeof CSS
globalThis.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

const { ManageAddressBook, PartyPicker, useAddressBook } = await import(
  '../../src/features/quotes/address-book'
)

afterEach(() => {
  cleanup()
  calls.length = 0
})

function Harness({ onPick, onOuterSubmit }: { onPick: () => void; onOuterSubmit: () => void }) {
  const book = useAddressBook(onPick)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onOuterSubmit()
      }}
    >
      <ManageAddressBook book={book} />
      <fieldset>
        <legend>Shipper</legend>
        <PartyPicker book={book} party="shipper" />
      </fieldset>
    </form>
  )
}

const settle = () => act(async () => {})

describe('the address book of the confirmation form', () => {
  it('lists the saved parties by name and first address line, and hands the picked one to the form', async () => {
    const onPick = vi.fn()
    render(<Harness onPick={onPick} onOuterSubmit={vi.fn()} />)
    await settle()
    const group = screen.getByRole('group', { name: 'Shipper' })
    fireEvent.click(within(group).getByRole('button', { name: /Choose from address book/ }))
    const option = await screen.findByRole('option', { name: 'Orchard Trading Pte Ltd — 8 Orchard Road' })
    expect(screen.getByRole('option', { name: 'Mumbai Imports Pvt Ltd — Plot 4' })).toBeTruthy()
    fireEvent.click(option)
    await settle()
    expect(onPick).toHaveBeenCalledWith('shipper', parties[0])
  })

  it('edits an entry in the manage view: its messages by the fields, saved without submitting the form', async () => {
    const onOuterSubmit = vi.fn()
    render(<Harness onPick={vi.fn()} onOuterSubmit={onOuterSubmit} />)
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Manage address book' }))
    const dialog = await screen.findByRole('dialog', { name: 'Address book' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Mumbai Imports Pvt Ltd' }))
    const address = within(dialog).getByLabelText('Address')
    fireEvent.change(address, { target: { value: 'Short' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await settle()
    expect(within(dialog).getByText('Enter the full address (at least 10 characters).')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])
    fireEvent.change(address, { target: { value: 'Plot 4, JNPT Road, Navi Mumbai 400707' } })
    fireEvent.change(within(dialog).getByLabelText('Contact (optional)'), {
      target: { value: 'Import desk' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await settle()
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        path: '/api/parties/2',
        method: 'PUT',
        body: {
          name: 'Mumbai Imports Pvt Ltd',
          address: 'Plot 4, JNPT Road, Navi Mumbai 400707',
          contact: 'Import desk',
        },
      },
    ])
    expect(within(dialog).getByText('Import desk')).toBeTruthy()
    expect(onOuterSubmit).not.toHaveBeenCalled()
  })
})
