import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import {
  type CustomerDetail,
  type CustomerListPage,
  type CustomerUser,
  customerDirectoryMessages,
} from '../../contract/customer-directory'
import { messages } from '../../contract/messages'
import { customerDetailMachine, customerListMachine } from '../../machines/customer-directory.machine'
import { controllablePromises } from './model'
import { allChecks, modelSuite } from './model-suite'
import { customerDetailStates, customerListStates } from './states/customer-directory'

const company = {
  id: 7,
  name: 'Alpha Freight Pte Ltd',
  regnNo: '201912345K',
  country: { code: 'SG', name: 'Singapore' },
  users: 3,
  quotes: 0,
  bookings: 0,
  lastActivity: null,
  createdAt: '2026-01-05T02:00:00.000Z',
}
const twoPages: CustomerListPage = { customers: [company], page: 1, pageSize: 25, total: 30 }
const user = (id: number, fields: Partial<CustomerUser>): CustomerUser => ({
  id,
  name: `User ${id}`,
  email: `user${id}@alpha.example`,
  activated: true,
  active: true,
  role: 'member',
  deactivatedAt: null,
  lastLogin: null,
  createdAt: '2026-01-05T02:00:00.000Z',
  ...fields,
})
const active = user(1, {})
const invited = user(2, { activated: false })
const deactivated = user(3, { active: false, deactivatedAt: '2026-02-01T02:00:00.000Z' })
const detail: CustomerDetail = {
  company,
  users: [active, invited, deactivated],
  quotes: [],
  bookings: [],
  conversations: [],
}
const answer = (changed: CustomerUser, message: string) => ({ message, user: changed })

const listNames = ['listCustomers', 'listCountries'] as const
const tooLong = 'x'.repeat(101)

modelSuite('customer list', customerListMachine, {
  promises: listNames,
  events: [
    { type: 'xstate.done.actor.listCountries', output: [{ code: 'SG', name: 'Singapore' }] },
    { type: 'xstate.done.actor.listCustomers', output: twoPages },
    { type: 'xstate.error.actor.listCustomers', error: { status: 500 } },
    { type: 'field.changed', field: 'q', value: 'alpha' },
    { type: 'field.changed', field: 'q', value: tooLong },
    { type: 'field.changed', field: 'country', value: 'SG' },
    { type: 'user.search' },
    { type: 'user.clear' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'user.retry' },
  ],
  inputs: [undefined],
  serializeState: (snapshot, event) =>
    JSON.stringify([
      event?.type,
      snapshot.value,
      snapshot.context.values,
      snapshot.context.query,
      snapshot.context.result?.total ?? null,
      snapshot.context.searchError !== null,
      snapshot.context.message !== null,
    ]),
  states: customerListStates,
  // The countries are explored once, at the start; the search's values only from a shown page.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    if (event.type === 'xstate.done.actor.listCountries') return c.result === null && c.message === null
    if (event.type === 'field.changed') return snapshot.matches('ready') && c.query.page === 1
    return true
  },
  check: allChecks((actor, step: { event: EventObject }, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const c = after.context
    // One page on its way at most.
    expect(Object.keys(after.children).filter((id) => id === 'listCustomers').length).toBeLessThanOrEqual(1)
    switch (step.event.type) {
      case 'user.search':
        // A search that cannot be sent sends nothing and says why; one that can starts from page 1.
        if (before.context.searchError) {
          expect(c.query).toEqual(before.context.query)
          expect(c.searchError).toBe(customerDirectoryMessages.badSearch)
        } else {
          expect(after.matches('loading')).toBe(true)
          expect(c.query.page).toBe(1)
          expect(c.query.country).toBe(before.context.values.country)
        }
        break
      case 'user.clear':
        expect(c.values).toEqual({ q: '', country: '' })
        expect(c.query).toEqual({ q: '', country: '', page: 1 })
        break
      case 'xstate.done.actor.listCustomers':
        // The page asked for is the query's, with empty fields left out.
        expect(answered?.input).toEqual({
          ...(before.context.query.q ? { q: before.context.query.q } : {}),
          ...(before.context.query.country ? { country: before.context.query.country } : {}),
          page: before.context.query.page,
        })
        expect(c.result).toEqual(twoPages)
        break
      case 'xstate.error.actor.listCustomers':
        expect(after.matches('failed') && c.message).toBe(messages.generic)
        break
      case 'page.next':
        // 30 companies are two pages: never a third.
        expect(c.query.page).toBeLessThanOrEqual(2)
        break
      case 'page.previous':
        expect(c.query.page).toBeGreaterThanOrEqual(1)
        break
    }
  }),
})

const detailNames = ['getCustomer', 'deactivateUser', 'reactivateUser', 'resendActivation'] as const
const userIn = (snapshot: AnyMachineSnapshot, id: number) =>
  (snapshot.context.detail as CustomerDetail | null)?.users.find((one) => one.id === id)

modelSuite('customer detail', customerDetailMachine, {
  promises: detailNames,
  events: [
    { type: 'xstate.done.actor.getCustomer', output: detail },
    {
      type: 'xstate.error.actor.getCustomer',
      error: { status: 404, message: customerDirectoryMessages.notFound },
    },
    { type: 'user.retry' },
    { type: 'user.deactivate', id: 1 },
    { type: 'user.deactivate', id: 3 },
    { type: 'user.reactivate', id: 3 },
    { type: 'user.reactivate', id: 1 },
    { type: 'user.resendActivation', id: 2 },
    { type: 'user.resendActivation', id: 1 },
    { type: 'user.confirm' },
    { type: 'user.cancel' },
    {
      type: 'xstate.done.actor.deactivateUser',
      output: answer({ ...active, active: false }, customerDirectoryMessages.deactivated),
    },
    {
      type: 'xstate.error.actor.deactivateUser',
      error: { status: 403, message: 'This needs the Admin role.' },
    },
    {
      type: 'xstate.done.actor.reactivateUser',
      output: answer(
        { ...deactivated, active: true, deactivatedAt: null },
        customerDirectoryMessages.reactivated,
      ),
    },
    { type: 'xstate.error.actor.reactivateUser', error: { status: 500 } },
    {
      type: 'xstate.done.actor.resendActivation',
      output: answer(invited, customerDirectoryMessages.activationSent),
    },
    {
      type: 'xstate.error.actor.resendActivation',
      error: { status: 409, message: customerDirectoryMessages.alreadyActivated },
    },
  ],
  inputs: [{ id: 7 }],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      (snapshot.context.detail as CustomerDetail | null)?.users.map((one) => [one.id, one.active]) ?? null,
      snapshot.context.userId,
      snapshot.context.userMessage?.id ?? null,
      Boolean(snapshot.context.notice),
      Boolean(snapshot.context.message),
    ]),
  states: customerDetailStates,
  check: allChecks((actor, step: { event: EventObject }, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const event = step.event as EventObject & Record<string, unknown>
    // One request at a time.
    expect(detailNames.filter((id) => after.children[id] !== undefined).length).toBeLessThanOrEqual(1)
    switch (event.type) {
      case 'user.deactivate':
        // Nothing is sent before the confirmation.
        expect(after.children.deactivateUser).toBeUndefined()
        if (after.matches({ ready: 'confirming' }))
          expect(userIn(after, event.id as number)?.active).toBe(true)
        break
      case 'user.confirm':
        if (before.matches({ ready: 'confirming' })) expect(after.children.deactivateUser).toBeDefined()
        break
      case 'user.reactivate':
        // Only a deactivated user is reactivated.
        if (after.children.reactivateUser) expect(userIn(before, event.id as number)?.active).toBe(false)
        break
      case 'user.resendActivation':
        // Only an active user who has not activated gets a new link.
        if (after.children.resendActivation) {
          expect(userIn(before, event.id as number)).toMatchObject({ active: true, activated: false })
        }
        break
      case 'xstate.done.actor.deactivateUser':
        expect(answered?.input).toEqual({ id: before.context.userId })
        expect(userIn(after, 1)?.active).toBe(false)
        expect(after.context.notice).toBe(customerDirectoryMessages.deactivated)
        break
      case 'xstate.error.actor.deactivateUser':
        // Said in that user's row; the user stays as they were.
        expect(after.context.userMessage).toEqual({
          id: before.context.userId,
          text: 'This needs the Admin role.',
        })
        expect(after.context.detail).toEqual(before.context.detail)
        break
      case 'xstate.done.actor.reactivateUser':
        expect(answered?.input).toEqual({ id: before.context.userId })
        expect(userIn(after, 3)?.active).toBe(true)
        expect(after.context.notice).toBe(customerDirectoryMessages.reactivated)
        break
      case 'xstate.error.actor.reactivateUser':
        expect(after.context.userMessage).toEqual({ id: before.context.userId, text: messages.generic })
        expect(after.context.detail).toEqual(before.context.detail)
        break
      case 'xstate.done.actor.resendActivation':
        expect(answered?.input).toEqual({ id: before.context.userId })
        expect(after.context.notice).toBe(customerDirectoryMessages.activationSent)
        break
      case 'xstate.error.actor.resendActivation':
        expect(after.context.userMessage).toEqual({ id: 2, text: customerDirectoryMessages.alreadyActivated })
        break
      case 'xstate.error.actor.getCustomer':
        expect(after.matches('failed') && after.context.message).toBe(customerDirectoryMessages.notFound)
        break
    }
  }),
})

describe('customer list', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }

  it('drops the page on its way when a new search starts, and sends the newest query', async () => {
    const { actors, pending } = controllablePromises(listNames)
    const actor = createActor(customerListMachine.provide({ actors })).start()
    pending.get('listCustomers')?.resolve(twoPages)
    pending.delete('listCustomers')
    await settle()
    actor.send({ type: 'page.next' })
    expect(pending.get('listCustomers')?.input).toEqual({ page: 2 })
    pending.delete('listCustomers')
    actor.send({ type: 'field.changed', field: 'q', value: '  Alpha ' })
    actor.send({ type: 'field.changed', field: 'country', value: 'SG' })
    actor.send({ type: 'user.search' })
    expect(pending.get('listCustomers')?.input).toEqual({ q: 'Alpha', country: 'SG', page: 1 })
    expect(actor.getSnapshot().context.query.page).toBe(1)
  })
})
