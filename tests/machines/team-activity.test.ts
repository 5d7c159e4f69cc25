import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { messages } from '../../contract/messages'
import { teamMessages } from '../../contract/team'
import type { TeamActivityPage } from '../../contract/team-activity'
import { teamActivityMachine } from '../../machines/team-activity.machine'
import { controllablePromises } from './model'
import { modelSuite } from './model-suite'
import { teamActivityStates } from './states/team-activity'

const flush = () => new Promise((resolve) => setImmediate(resolve))

const people = [
  { id: 1, name: 'Ada Admin' },
  { id: 2, name: 'Priya Tan' },
]
const entry = (id: number) => ({
  id: String(id),
  at: '2026-03-01T02:00:00.000Z',
  actor: 'Priya Tan',
  actorUserId: 2,
  action: 'booking.created',
  summary: `Booked ESB-202600000${id}`,
  recordType: 'booking',
  recordId: `ESB-202600000${id}`,
  link: { page: 'booking' as const, number: `ESB-202600000${id}` },
})
const firstOfTwo: TeamActivityPage = { entries: [entry(9)], page: 1, pageCount: 2, total: 51, people }
const secondOfTwo: TeamActivityPage = { entries: [entry(1)], page: 2, pageCount: 2, total: 51, people }

const serializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) =>
  JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    snapshot.context.query,
    snapshot.context.data?.pageCount ?? null,
    Boolean(snapshot.context.message),
  ])

modelSuite('team activity', teamActivityMachine, {
  promises: ['listActivity'],
  events: [
    { type: 'xstate.done.actor.listActivity', output: firstOfTwo },
    { type: 'xstate.done.actor.listActivity', output: secondOfTwo },
    { type: 'xstate.error.actor.listActivity', error: { status: 500 } },
    { type: 'xstate.error.actor.listActivity', error: { status: 403, message: teamMessages.adminOnly } },
    { type: 'person.changed', user: 2 },
    { type: 'person.changed', user: null },
    { type: 'page.older' },
    { type: 'page.newer' },
    { type: 'user.retry' },
  ],
  inputs: [undefined],
  serializeState: serializer,
  states: teamActivityStates,
  check: (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const e = step.event as EventObject & Record<string, unknown>
    // One request at a time, always for the query the page shows.
    if (e.type === 'xstate.done.actor.listActivity') {
      expect(answered?.input).toEqual(after.context.query)
      expect(after.context.data).toEqual(e.output)
      expect(after.value).toBe('ready')
    }
    if (e.type === 'person.changed') {
      // A person starts again from their first page, even while a page is on its way.
      expect(after.context.query).toEqual({ user: e.user, page: 1 })
      if (!before.matches('forbidden')) expect(after.value).toBe('loading')
    }
    if (e.type === 'page.older' && before.matches('ready')) {
      const last = before.context.data?.pageCount ?? 1
      expect(after.context.query.page).toBe(Math.min(before.context.query.page + 1, last))
    }
    if (e.type === 'page.newer' && before.matches('ready')) {
      expect(after.context.query.page).toBe(Math.max(before.context.query.page - 1, 1))
    }
    if (e.type === 'xstate.error.actor.listActivity') {
      const error = e.error as { status: number; message?: string }
      // Not an Admin: the server's message and nothing to retry; else a failure to try again.
      expect(after.value).toBe(error.status === 403 ? 'forbidden' : 'failed')
      expect(after.context.message).toBe(error.status === 403 ? teamMessages.adminOnly : messages.generic)
    }
    if (after.matches('forbidden')) {
      actor.send({ type: 'user.retry' })
      expect(actor.getSnapshot().value).toBe('forbidden')
    }
  },
})

describe('team activity', () => {
  it('keeps the person while paging, and the page shown while the next one loads', async () => {
    const { actors, pending } = controllablePromises(['listActivity'])
    const actor = createActor(teamActivityMachine.provide({ actors }), { input: { user: 2 } }).start()
    expect(pending.get('listActivity')?.input).toEqual({ user: 2, page: 1 })
    pending.get('listActivity')?.resolve(firstOfTwo)
    await flush()
    actor.send({ type: 'page.older' })
    expect(pending.get('listActivity')?.input).toEqual({ user: 2, page: 2 })
    expect(actor.getSnapshot().context.data).toEqual(firstOfTwo)
    pending.get('listActivity')?.resolve(secondOfTwo)
    await flush()
    // The last page: no older one to ask for.
    actor.send({ type: 'page.older' })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.query).toEqual({ user: 2, page: 2 })
    actor.send({ type: 'page.newer' })
    expect(pending.get('listActivity')?.input).toEqual({ user: 2, page: 1 })
  })
})
