import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import type { SavedParty } from '../../../contract/parties'
import { addressBookMachine } from '../../../machines/address-book.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) =>
  (event.error ?? {}) as { status?: number; message?: string; errors?: Record<string, string[]> }

const ids = (parties: SavedParty[]) => parties.map((party) => party.id)

/** A failure said once: the server's message, or the generic one. */
const expectSaid = (view: StateView) =>
  expect(view.context.message).toBe(failure(view).message || messages.generic)

/**
 * Everywhere in the book: picking an entry of the book for a role fills that fieldset of the form; an entry
 * that is not in the book changes nothing.
 */
function expectPick({ before, context, event, actions }: StateView) {
  if (event.type !== 'party.picked') return
  const known = ids(before.context.parties).includes(event.id as number)
  expect(context.picked).toEqual(
    known ? { ...before.context.picked, [event.role as string]: event.id } : before.context.picked,
  )
  expect(actions.includes('fill')).toBe(known)
}

/** An empty draft: nothing being added or edited. */
const closedDraft = { id: null, values: { name: '', address: '', contact: '' } }

/** docs/bookings.md, the address book of /user/confirm-quote. */
export const addressBookStates = stateChecks(addressBookMachine, {
  // The company's saved parties are asked for.
  loading: ({ context, requests }) => {
    expect(Object.keys(requests)).toEqual(['listParties'])
    expect(context.message).toBeNull()
  },
  // They could not be loaded: why, and Try again.
  failed: (view) => {
    expect([view.event.type, view.requests]).toEqual(['xstate.error.actor.listParties', {}])
    expectSaid(view)
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(true)
  },
  // The pickers, with the entries the server answered; the manage view closed and its draft dropped.
  'ready.closed': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expectPick(view)
    if (event.type === 'xstate.done.actor.listParties')
      expect([context.parties, context.message]).toEqual([event.output, null])
    if (event.type === 'manage.close') {
      expect(context.draft).toMatchObject(closedDraft)
      expect([context.deleteId, context.message]).toEqual([null, null])
    }
  },
  // The list of entries, nothing on its way: a saved entry listed once, first; a deleted one (or one gone
  // already) no longer listed nor picked; a failure said once and the list kept.
  'ready.managing.list': (view) => {
    const { context, event, before } = view
    expect([view.requests, context.deleteId]).toEqual([{}, null])
    expectPick(view)
    if (event.type === 'xstate.done.actor.saveParty') {
      const saved = event.output as SavedParty
      expect(context.parties[0]).toEqual(saved)
      expect(ids(context.parties).filter((id) => id === saved.id)).toHaveLength(1)
      expect(context.draft).toMatchObject(closedDraft)
    }
    const gone = failure(view).status === 404 || event.type === 'xstate.done.actor.deleteParty'
    if (event.type.endsWith('.actor.deleteParty') && gone) {
      expect(ids(context.parties)).toEqual(
        ids(before.context.parties).filter((id) => id !== before.context.deleteId),
      )
      expect(Object.values(context.picked)).not.toContain(before.context.deleteId)
    }
    if (event.type === 'xstate.error.actor.deleteParty') expectSaid(view)
    if (event.type === 'xstate.error.actor.deleteParty' && !gone)
      expect(context.parties).toBe(before.context.parties)
    if (event.type === 'draft.cancel') expect(context.draft).toMatchObject(closedDraft)
    if (event.type === 'message.dismissed') expect(context.message).toBeNull()
  },
  // Adding (an empty draft) or editing (the entry's own fields); a refused save shows every message, the
  // server's by its fields (its 409 too), else its message, and keeps what was typed.
  'ready.managing.editing': (view) => {
    const { context, event, before } = view
    const { draft } = context
    expect(view.requests).toEqual({})
    expectPick(view)
    if (event.type === 'entry.add') expect(draft).toMatchObject(closedDraft)
    if (event.type === 'entry.edit') {
      const party = context.parties.find((one: SavedParty) => one.id === event.id) as SavedParty
      expect(draft).toMatchObject({
        id: party.id,
        values: { name: party.name, address: party.address, contact: party.contact ?? '' },
      })
    }
    if (event.type === 'draft.save' || event.type === 'xstate.error.actor.saveParty') {
      expect(draft.shown).toEqual({ name: true, address: true, contact: true })
    }
    if (event.type === 'xstate.error.actor.saveParty') {
      const fields = failure(view).errors
      if (fields) expect([draft.errors, context.message]).toEqual([fields, null])
      else expectSaid(view)
      expect(draft.values).toEqual(before.context.draft.values)
    }
  },
  // The draft, valid, is saved: a new entry without an id, an edited one by its id; the contact only when typed.
  'ready.managing.saving': (view) => {
    const { draft } = view.context
    const { name, address, contact } = draft.values
    expect(draft.errors).toEqual({})
    expect(view.requests).toEqual({
      saveParty: { id: draft.id, party: { name, address, ...(contact.trim() ? { contact } : {}) } },
    })
    expectPick(view)
  },
  // Delete asks first: the entry pressed, nothing sent yet.
  'ready.managing.confirmingDelete': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(ids(context.parties)).toContain(context.deleteId)
    if (event.type === 'entry.delete') expect(context.deleteId).toBe(event.id)
    expectPick(view)
  },
  // Confirmed: that entry is deleted.
  'ready.managing.deleting': (view) => {
    const { context } = view
    expect(view.requests).toEqual({ deleteParty: { id: context.deleteId } })
    expect(ids(context.parties)).toContain(context.deleteId)
    expectPick(view)
  },
})
