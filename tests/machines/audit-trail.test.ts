import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { type AuditEvent, type AuditPage, auditMessages } from '../../contract/audit'
import { messages } from '../../contract/messages'
import {
  type AuditFilterValues,
  auditFilterErrors,
  auditFilterMessages,
  auditQueryOf,
  auditTrailMachine,
  emptyAuditFilters,
} from '../../machines/audit-trail.machine'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { auditTrailStates } from './states/audit-trail'

const event = (id: number, action = 'booking.cancelled'): AuditEvent => ({
  id: String(id),
  at: `2026-03-0${(id % 9) + 1}T02:00:00.000Z`,
  actor: { kind: 'customer', userId: 7, customerId: 3, staffId: null, role: null, label: 'ops@acme.example' },
  action,
  record: { type: 'booking', id: `BK-${id}` },
  customerId: 3,
  changes: { status: { before: 'Booked', after: 'Cancelled' } },
  clientAddress: '203.0.113.9',
})

const firstPage: AuditPage = { events: [event(9), event(8)], nextBefore: '8' }
const lastPage: AuditPage = { events: [event(7, 'booking.created')], nextBefore: null }
const emptyPage: AuditPage = { events: [], nextBefore: null }

const names = ['listEvents', 'listOlder'] as const
const filters = (patch: Partial<AuditFilterValues>) => ({ ...emptyAuditFilters, ...patch })

/** Vertices by state, the form's validity and what is shown, the rows, and whether a message is said. */
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
    Object.keys(c.errors).sort(),
    Object.keys(c.shown).length > 0,
    c.events.length,
    c.nextBefore,
    Boolean(c.message),
  ])
}

modelSuite('audit trail', auditTrailMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.listEvents', output: firstPage },
    { type: 'xstate.done.actor.listEvents', output: emptyPage },
    { type: 'xstate.error.actor.listEvents', error: { status: 500 } },
    {
      type: 'xstate.error.actor.listEvents',
      error: { status: 422, message: auditMessages.badAction, errors: { action: [auditMessages.badAction] } },
    },
    {
      // A 422 on nothing the form holds is a failure like any other.
      type: 'xstate.error.actor.listEvents',
      error: { status: 422, message: auditMessages.badLimit, errors: { limit: [auditMessages.badLimit] } },
    },
    { type: 'xstate.done.actor.listOlder', output: lastPage },
    { type: 'xstate.error.actor.listOlder', error: { status: 0 } },
    { type: 'field.changed', field: 'action', value: 'booking.' },
    { type: 'field.changed', field: 'action', value: 'Booking cancelled' },
    { type: 'field.changed', field: 'recordId', value: 'BK-7' },
    { type: 'field.changed', field: 'from', value: '2026-03-01' },
    { type: 'field.changed', field: 'to', value: '2026-03-01' },
    { type: 'field.blurred', field: 'action' },
  ],
  inputs: [{}],
  serializeState: serializer,
  states: auditTrailStates,
  // Typing is explored where the rows are settled (the first page shown, or refused); a submit anywhere.
  filterEvents: (snapshot, event) => {
    if (event.type.startsWith('field.'))
      return snapshot.matches({ ready: 'idle' }) || snapshot.matches('refused')
    return true
  },
  check: allChecks(formChecks(['listEvents']), (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const e = step.event as EventObject & Record<string, unknown>
    // One request at a time.
    expect(names.filter((id) => after.children[id] !== undefined).length).toBeLessThanOrEqual(1)
    // What is asked for is what the form says: a submitted form's query, from its first page.
    if (after.children.listEvents && (e.type === 'user.submit' || e.type === 'user.clear')) {
      expect(after.context.applied).toEqual(auditQueryOf(after.context.values))
      expect(after.context.events).toEqual([])
      expect(after.context.applied.before).toBeUndefined()
    }
    switch (e.type) {
      case 'xstate.done.actor.listEvents':
        expect(answered?.input).toEqual(before.context.applied)
        expect(after.context.events).toEqual((e.output as AuditPage).events)
        expect(after.context.nextBefore).toBe((e.output as AuditPage).nextBefore)
        break
      case 'xstate.error.actor.listEvents': {
        const error = e.error as { status: number; errors?: Record<string, string[]> }
        if (error.errors?.action) {
          // The server's message under its field, shown; no rows for a query it refused.
          expect(after.matches('refused')).toBe(true)
          expect(after.context.errors).toEqual({ action: [auditMessages.badAction] })
          expect(after.context.shown.action).toBe(true)
        } else {
          expect(after.matches('failed')).toBe(true)
          expect(after.context.message).toBe(error.status === 500 ? messages.generic : auditMessages.badLimit)
        }
        break
      }
      case 'xstate.done.actor.listOlder':
        // Older rows after those shown, asked for with the last page's nextBefore and the same filters.
        expect(answered?.input).toEqual({ ...before.context.applied, before: before.context.nextBefore })
        expect(after.context.events).toEqual([...before.context.events, ...lastPage.events])
        expect(after.context.nextBefore).toBeNull()
        break
      case 'xstate.error.actor.listOlder':
        expect(after.context.events).toEqual(before.context.events)
        expect(after.context.message).toBe(messages.generic)
        break
      case 'user.showOlder':
        if (before.context.nextBefore === null && before.matches({ ready: 'idle' }))
          expect(after.children.listOlder).toBeUndefined()
        break
    }
  }),
})

describe('audit trail filters', () => {
  it('turns the dates into Singapore midnights, the "to" day included', () => {
    expect(auditQueryOf(filters({ from: '2026-03-01', to: '2026-03-31' }))).toEqual({
      from: '2026-03-01T00:00:00+08:00',
      to: '2026-04-01T00:00:00+08:00',
    })
    // One day: from its start to the next day's.
    expect(auditQueryOf(filters({ from: '2026-12-31', to: '2026-12-31' }))).toEqual({
      from: '2026-12-31T00:00:00+08:00',
      to: '2027-01-01T00:00:00+08:00',
    })
    expect(auditFilterErrors(filters({ from: '2026-12-31', to: '2026-12-31' }))).toEqual({})
  })

  it('sends only the filters given, trimmed', () => {
    expect(
      auditQueryOf(
        filters({
          actorKind: 'staff',
          action: ' staff. ',
          recordType: 'staff',
          recordId: ' 12 ',
          staffId: '4',
        }),
      ),
    ).toEqual({ actorKind: 'staff', action: 'staff.', recordType: 'staff', recordId: '12', staffId: '4' })
    expect(auditQueryOf(emptyAuditFilters)).toEqual({})
  })

  it("says the contract's messages under their fields", () => {
    expect(auditFilterErrors(filters({ recordId: 'BK-1' }))).toEqual({
      recordType: [auditMessages.recordTypeNeeded],
    })
    expect(auditFilterErrors(filters({ from: '2026-03-02', to: '2026-03-01' }))).toEqual({
      to: [auditMessages.badRange],
    })
    expect(auditFilterErrors(filters({ action: 'Booking' }))).toEqual({ action: [auditMessages.badAction] })
    expect(auditFilterErrors(filters({ staffId: '0', customerId: 'x' }))).toEqual({
      staffId: [auditMessages.badId],
      customerId: [auditMessages.badId],
    })
    expect(auditFilterErrors(filters({ recordType: 'quote', recordId: 'Q'.repeat(81) }))).toEqual({
      recordId: [auditMessages.badRecordId],
    })
    // A date input that holds no date (a browser without a date picker).
    expect(auditFilterErrors(filters({ from: '2026-02-30' }))).toEqual({
      from: [auditFilterMessages.badDate],
    })
  })
})

describe('audit trail', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }
  async function shown() {
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(auditTrailMachine.provide({ actors }), { input: {} }).start()
    expect(pending.get('listEvents')?.input).toEqual({})
    pending.get('listEvents')?.resolve(firstPage)
    pending.delete('listEvents')
    await settle()
    return { actor, pending }
  }

  it('changing the filters while an older page is on its way starts again from the first page', async () => {
    const { actor, pending } = await shown()
    actor.send({ type: 'user.showOlder' })
    const older = pending.get('listOlder')
    expect(older?.input).toEqual({ before: '8' })
    actor.send({ type: 'field.changed', field: 'action', value: 'booking.' })
    actor.send({ type: 'user.submit' })
    expect(pending.get('listEvents')?.input).toEqual({ action: 'booking.' })
    // The older page of the old query, answering late, is not appended.
    older?.resolve(lastPage)
    await settle()
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    pending.get('listEvents')?.resolve({ events: [event(5)], nextBefore: '5' })
    await settle()
    expect(actor.getSnapshot().context.events.map((one) => one.id)).toEqual(['5'])
    actor.send({ type: 'user.showOlder' })
    expect(pending.get('listOlder')?.input).toEqual({ action: 'booking.', before: '5' })
  })

  it('an invalid form sends nothing and says why; Clear filters shows the whole trail again', async () => {
    const { actor, pending } = await shown()
    actor.send({ type: 'field.changed', field: 'recordId', value: 'BK-9' })
    actor.send({ type: 'user.submit' })
    expect(pending.has('listEvents')).toBe(false)
    const { context } = actor.getSnapshot()
    expect(context.errors).toEqual({ recordType: [auditMessages.recordTypeNeeded] })
    expect(context.shown.recordType).toBe(true)
    // The rows of the last query stay.
    expect(context.events).toEqual(firstPage.events)
    actor.send({ type: 'user.clear' })
    expect(pending.get('listEvents')?.input).toEqual({})
    expect(actor.getSnapshot().context.values).toEqual(emptyAuditFilters)
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('filters applied while the first page is on its way replace it', async () => {
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(auditTrailMachine.provide({ actors }), { input: {} }).start()
    const unfiltered = pending.get('listEvents')
    actor.send({ type: 'field.changed', field: 'actorKind', value: 'staff' })
    actor.send({ type: 'user.submit' })
    expect(pending.get('listEvents')?.input).toEqual({ actorKind: 'staff' })
    unfiltered?.resolve(firstPage)
    await settle()
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    pending.get('listEvents')?.resolve(emptyPage)
    await settle()
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.events).toEqual([])
  })

  it('starts with the filters it is given', () => {
    const { actors, pending } = controllablePromises(names)
    createActor(auditTrailMachine.provide({ actors }), {
      input: { filters: { recordType: 'booking', recordId: 'BK-7' } },
    }).start()
    expect(pending.get('listEvents')?.input).toEqual({ recordType: 'booking', recordId: 'BK-7' })
  })

  it('sends nothing it would refuse: invalid starting filters are shown, and the whole trail loads', () => {
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(auditTrailMachine.provide({ actors }), {
      input: { filters: { recordId: 'BK-7' } },
    }).start()
    expect(pending.get('listEvents')?.input).toEqual({})
    expect(actor.getSnapshot().context.shown.recordType).toBe(true)
  })
})
