import { expect } from 'vitest'
import {
  type CustomerDetail,
  type CustomerListPage,
  type CustomerUser,
  type CustomerUserAnswer,
  customerDirectoryMessages,
} from '../../../contract/customer-directory'
import { messages } from '../../../contract/messages'
import { customerDetailMachine, customerListMachine } from '../../../machines/customer-directory.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** The page of companies on its way (the countries of the filter may still be loading beside it). */
const pageAsked = ({ requests }: StateView) => ({
  names: Object.keys(requests).filter((name) => name !== 'listCountries'),
  query: requests.listCustomers as { q?: string; country?: string; page: number },
})

/** The query the API takes for a search and a page: empty fields left out, the search trimmed. */
const queryOf = (q: string, country: string, page: number) => ({
  ...(q.trim() ? { q: q.trim() } : {}),
  ...(country ? { country } : {}),
  page,
})

/** docs/staff.md "The customer directory": /staff/customers, 25 companies a page, a search and a country. */
export const customerListStates = stateChecks(customerListMachine, {
  // One page asked for: a search of at most 100 characters from page 1, the next or previous page of the same
  // search, or the first page again once cleared.
  loading: (view) => {
    const { event, context, before } = view
    const { names, query } = pageAsked(view)
    expect(names).toEqual(['listCustomers'])
    expect((query.q ?? '').length).toBeLessThanOrEqual(100)
    const shown = before.context.query
    if (event.type === 'user.search')
      expect(query).toEqual(queryOf(context.values.q, context.values.country, 1))
    if (event.type === 'user.clear' || event.type === 'xstate.init') expect(query).toEqual({ page: 1 })
    if (event.type === 'page.next') expect(query).toEqual(queryOf(shown.q, shown.country, shown.page + 1))
    if (event.type === 'page.previous') expect(query).toEqual(queryOf(shown.q, shown.country, shown.page - 1))
    if (event.type === 'user.retry') expect(query).toEqual(queryOf(shown.q, shown.country, shown.page))
  },
  // The page could not be loaded: the server's message or the generic one, and Try again.
  failed: (view) => {
    expect(pageAsked(view).names).toEqual([])
    if (view.event.type === 'xstate.error.actor.listCustomers') {
      expect(view.context.message).toBe(told(view) || messages.generic)
    }
    expect(view.context.message).toBeTruthy()
  },
  // The companies the answer gave, on a page that exists; a search too long says so where it is typed.
  ready: (view) => {
    const { context, event } = view
    const result = context.result as CustomerListPage
    expect(pageAsked(view).names).toEqual([])
    expect(context.query.page).toBeLessThanOrEqual(Math.max(1, Math.ceil(result.total / result.pageSize)))
    if (event.type === 'xstate.done.actor.listCustomers') expect(result).toEqual(event.output)
    if (event.type === 'xstate.done.actor.listCountries') expect(context.countries).toEqual(event.output)
    if (event.type === 'field.changed') {
      const tooLong = context.values.q.trim().length > 100
      expect(context.searchError).toBe(tooLong ? customerDirectoryMessages.badSearch : null)
    }
  },
})

/** The user of the company with this id. */
const userOf = ({ context }: StateView, id: number | null) =>
  (context.detail as CustomerDetail | null)?.users.find((user) => user.id === id) as CustomerUser

/** The one user request on its way: its name and the user it is for. */
const userAsked = ({ requests }: StateView) => {
  const [name, input] = Object.entries(requests)[0] ?? []
  return { names: Object.keys(requests), name, id: (input as { id: number } | undefined)?.id ?? null }
}

/** docs/staff.md "The customer directory": one company's page and what may be done to its users. */
export const customerDetailStates = stateChecks(customerDetailMachine, {
  // The company of the page is asked for.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getCustomer: { id: context.id } })
    expect(context.detail).toBeNull()
  },
  // It could not be loaded: the server's message (an unknown company) or the generic one.
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.event.type).toBe('xstate.error.actor.getCustomer')
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The company as answered; an action's outcome in the status line (the server's words), a refusal in the
  // user's row with the user left as they were.
  'ready.idle': (view) => {
    const { context, event, answered, before } = view
    expect(view.requests).toEqual({})
    expect(context.userId).toBeNull()
    const id = (answered?.input as { id?: number } | undefined)?.id ?? null
    if (event.type === 'xstate.done.actor.getCustomer') expect(context.detail).toEqual(event.output)
    else if (event.type.startsWith('xstate.done.actor.')) {
      const answer = event.output as CustomerUserAnswer
      expect([answer.user.id, userOf(view, id), context.notice]).toEqual([id, answer.user, answer.message])
    }
    if (event.type.startsWith('xstate.error.actor.')) {
      expect(context.userMessage).toEqual({ id, text: told(view) || messages.generic })
      expect(context.detail).toEqual(before.context.detail)
    }
    if (event.type === 'user.cancel') expect(before.matches({ ready: 'confirming' })).toBe(true)
  },
  // "Deactivate?" asked about an active user; nothing sent yet.
  'ready.confirming': (view) => {
    expect(view.requests).toEqual({})
    expect(userOf(view, view.context.userId).active).toBe(true)
    expect(view.event).toMatchObject({ type: 'user.deactivate', id: view.context.userId })
  },
  // Confirmed: that active user is deactivated.
  'ready.deactivating': (view) => {
    const { names, id } = userAsked(view)
    expect(names).toEqual(['deactivateUser'])
    expect([id, view.event.type]).toEqual([view.context.userId, 'user.confirm'])
    expect(userOf(view, id).active).toBe(true)
  },
  // Only a deactivated user is reactivated, at once.
  'ready.reactivating': (view) => {
    const { names, id } = userAsked(view)
    expect(names).toEqual(['reactivateUser'])
    expect(view.event).toMatchObject({ type: 'user.reactivate', id })
    expect(userOf(view, id).active).toBe(false)
  },
  // A new activation link only for a user who has not activated and is not deactivated.
  'ready.resending': (view) => {
    const { names, id } = userAsked(view)
    expect(names).toEqual(['resendActivation'])
    expect(view.event).toMatchObject({ type: 'user.resendActivation', id })
    expect(userOf(view, id)).toMatchObject({ active: true, activated: false })
  },
})
