import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { partyMessages, type SavedParty } from '../../contract/parties'
import { confirmMessages } from '../../contract/quotes'
import { addressBookMachine, draftErrors } from '../../machines/address-book.machine'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { addressBookStates } from './states/address-book'

const lionCity: SavedParty = {
  id: 1,
  name: 'Lion City Exports Pte Ltd',
  address: '10 Anson Road, #20-01, Singapore 079903',
  contact: 'Tan Wei Ming',
  roles: ['shipper'],
  usedAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
}
const mumbai: SavedParty = {
  id: 2,
  name: 'Mumbai Imports Pvt Ltd',
  address: 'Plot 4, JNPT Road, Navi Mumbai 400707',
  contact: null,
  roles: ['consignee'],
  usedAt: null,
  updatedAt: '2026-03-01T08:00:00.000Z',
}
const saved: SavedParty = { ...lionCity, name: 'Lion City Exports (S) Pte Ltd' }

const names = ['listParties', 'saveParty', 'deleteParty'] as const

/** Vertices by state, what is listed and picked, the draft's validity and whether a message is out. */
const serializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    c.parties.map((p: SavedParty) => p.id),
    c.picked,
    c.draft.id,
    Object.keys(c.draft.errors).length,
    c.deleteId,
    Boolean(c.message),
  ])
}

modelSuite('address book', addressBookMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.listParties', output: [lionCity, mumbai] },
    { type: 'xstate.error.actor.listParties', error: { status: 500 } },
    { type: 'party.picked', role: 'shipper', id: 1 },
    { type: 'party.picked', role: 'shipper', id: 99 },
    { type: 'entry.edit', id: 1 },
    { type: 'entry.delete', id: 2 },
    { type: 'draft.changed', field: 'name', value: 'Lion City Exports (S) Pte Ltd' },
    { type: 'draft.changed', field: 'address', value: 'Short' },
    { type: 'draft.blurred', field: 'address' },
    { type: 'xstate.done.actor.saveParty', output: saved },
    {
      type: 'xstate.error.actor.saveParty',
      error: { status: 409, message: partyMessages.duplicate, errors: { name: [partyMessages.duplicate] } },
    },
    { type: 'xstate.error.actor.saveParty', error: { status: 500 } },
    { type: 'xstate.done.actor.deleteParty', output: { message: partyMessages.deleted } },
    { type: 'xstate.error.actor.deleteParty', error: { status: 404, message: partyMessages.notFound } },
    { type: 'xstate.error.actor.deleteParty', error: { status: 500 } },
  ],
  inputs: [undefined],
  serializeState: serializer,
  states: addressBookStates,
  check: allChecks(
    formChecks(['saveParty'], { submit: 'draft.save', form: (context) => context.draft }),
    (actor, step, before) => {
      const after = actor.getSnapshot() as AnyMachineSnapshot
      const event = step.event as EventObject & Record<string, unknown>
      // A pick names an entry of the book; an unknown one changes nothing.
      if (event.type === 'party.picked') {
        const known = before.context.parties.some((p: SavedParty) => p.id === event.id)
        expect(after.context.picked).toEqual(
          known ? { ...before.context.picked, [event.role as string]: event.id } : before.context.picked,
        )
      }
      // What was saved is listed once, first; what was deleted (or is gone already) is no longer listed.
      if (event.type === 'xstate.done.actor.saveParty') {
        expect(after.context.parties[0]).toEqual(saved)
        expect(after.context.parties.filter((p: SavedParty) => p.id === saved.id)).toHaveLength(1)
      }
      if (
        event.type === 'xstate.done.actor.deleteParty' ||
        (event.error as { status?: number })?.status === 404
      ) {
        expect(after.context.parties.map((p: SavedParty) => p.id)).not.toContain(before.context.deleteId)
      }
      // A failed load or a failure without field messages is said.
      if (after.matches('failed')) expect(after.context.message).toBeTruthy()
    },
  ),
})

describe('address book', () => {
  async function ready(parties = [lionCity, mumbai]) {
    const fill = vi.fn()
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(addressBookMachine.provide({ actors, actions: { fill } })).start()
    pending.get('listParties')?.resolve(parties)
    await Promise.resolve()
    await Promise.resolve()
    return { actor, pending, fill }
  }

  it('hands the picked party to the form, with its role', async () => {
    const { actor, fill } = await ready()
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    actor.send({ type: 'party.picked', role: 'consignee', id: 2 })
    expect(fill).toHaveBeenCalledWith(expect.anything(), { role: 'consignee', party: mumbai })
    expect(actor.getSnapshot().context.picked).toEqual({ consignee: 2 })
  })

  it("checks a draft with the confirmation form's party rules", () => {
    expect(draftErrors({ name: '', address: 'Short', contact: '' })).toEqual({
      name: [confirmMessages.partyName],
      address: [confirmMessages.partyAddress],
    })
    expect(draftErrors({ name: 'A', address: '10 Anson Road, Singapore', contact: '' })).toEqual({})
  })

  it('saves an edited entry by its id; a 409 shows its message by the name and keeps what was typed', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'manage.open' })
    actor.send({ type: 'entry.edit', id: 1 })
    actor.send({ type: 'draft.changed', field: 'name', value: 'Mumbai Imports Pvt Ltd' })
    actor.send({ type: 'draft.save' })
    expect(pending.get('saveParty')?.input).toEqual({
      id: 1,
      party: { name: 'Mumbai Imports Pvt Ltd', address: lionCity.address, contact: 'Tan Wei Ming' },
    })
    pending.get('saveParty')?.reject({
      status: 409,
      message: partyMessages.duplicate,
      errors: { name: [partyMessages.duplicate] },
    })
    await Promise.resolve()
    await Promise.resolve()
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ ready: { managing: 'editing' } })).toBe(true)
    expect(context.draft.errors).toEqual({ name: [partyMessages.duplicate] })
    expect(context.draft.shown.name).toBe(true)
    expect(context.draft.values.name).toBe('Mumbai Imports Pvt Ltd')
    expect(context.message).toBeNull()
  })

  it('adds a new entry without an id; deletes one only once confirmed', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'manage.open' })
    actor.send({ type: 'entry.add' })
    actor.send({ type: 'draft.save' })
    expect(pending.has('saveParty')).toBe(false)
    expect(actor.getSnapshot().context.draft.shown).toMatchObject({ name: true, address: true })
    actor.send({ type: 'draft.changed', field: 'name', value: 'Harbour Notify Ltd' })
    actor.send({ type: 'draft.changed', field: 'address', value: '1 Harbour Front Avenue, Singapore' })
    actor.send({ type: 'draft.save' })
    expect(pending.get('saveParty')?.input).toEqual({
      id: null,
      party: { name: 'Harbour Notify Ltd', address: '1 Harbour Front Avenue, Singapore' },
    })
    pending.get('saveParty')?.resolve({ ...mumbai, id: 3, name: 'Harbour Notify Ltd' })
    await Promise.resolve()
    await Promise.resolve()
    expect(actor.getSnapshot().context.parties.map((p) => p.id)).toEqual([3, 1, 2])
    actor.send({ type: 'entry.delete', id: 1 })
    expect(pending.has('deleteParty')).toBe(false)
    actor.send({ type: 'delete.confirm' })
    expect(pending.get('deleteParty')?.input).toEqual({ id: 1 })
  })
})
