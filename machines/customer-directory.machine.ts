/**
 * The customer directory of the staff console (issue 23, docs/staff.md "The customer directory").
 *
 * `customerListMachine` (/staff/customers): loads a page of companies (`listCustomers`) → ready, or failed
 * (retry). The search (company, user name or email) is checked as typed with the contract's
 * `customerListQuerySchema`; searching, choosing a country or clearing starts again from page 1 and drops the
 * page on its way. Next and previous page while there are more. The countries of the filter load once beside.
 *
 * `customerDetailMachine` (/staff/customers/$id): loads the company (`getCustomer`) → ready, or failed. In
 * ready the person may, one request at a time: deactivate a user after a confirmation, reactivate one, or mail
 * one who has not activated a new activation link. The answer's user replaces theirs and its message is said;
 * a refusal is said in that user's row. The page offers each action only to the roles that may call it.
 *
 * Effects (API calls) are injected by the pages with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type CustomerDetail,
  type CustomerListPage,
  type CustomerListQuery,
  type CustomerUser,
  type CustomerUserAnswer,
  customerListQuerySchema,
} from '../contract/customer-directory'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import { failureMessage } from './form'

// ---- The list ------------------------------------------------------------------------------------------

export interface CountryOption {
  code: string
  name: string
}

export interface CustomerSearchValues {
  q: string
  country: string
}

export interface CustomerListContext {
  /** The form as typed. */
  values: CustomerSearchValues
  /** The search's message, when what is typed cannot be sent. */
  searchError: string | null
  /** What the shown (or loading) page was asked with. */
  query: Required<Pick<CustomerListQuery, 'page'>> & { q: string; country: string }
  result: CustomerListPage | null
  countries: CountryOption[]
  /** Why the page failed to load. */
  message: string | null
}

export type CustomerListEvent =
  | { type: 'field.changed'; field: keyof CustomerSearchValues; value: string }
  | { type: 'user.search' }
  | { type: 'user.clear' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'user.retry' }

/** The query the API takes: empty fields left out. */
export const listQueryOf = (query: CustomerListContext['query']): CustomerListQuery => ({
  ...(query.q.trim() ? { q: query.q.trim() } : {}),
  ...(query.country ? { country: query.country } : {}),
  page: query.page,
})

/** The message of what is typed in the search, or null when it can be sent. */
export function searchProblem(values: CustomerSearchValues): string | null {
  const checked = customerListQuerySchema.safeParse({
    ...(values.q.trim() ? { q: values.q } : {}),
    ...(values.country ? { country: values.country } : {}),
  })
  return checked.success ? null : (checked.error.issues[0]?.message ?? messages.generic)
}

export const lastPage = (result: CustomerListPage | null) =>
  result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1

const firstPage = { q: '', country: '', page: 1 }

export const customerListMachine = setup({
  types: {
    context: {} as CustomerListContext,
    events: {} as CustomerListEvent,
  },
  actors: {
    listCustomers: fromPromise<CustomerListPage, CustomerListQuery>(async () => {
      throw new Error('not provided')
    }),
    listCountries: fromPromise<CountryOption[]>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    canSearch: ({ context }) => searchProblem(context.values) === null,
    hasNext: ({ context }) => context.query.page < lastPage(context.result),
    hasPrevious: ({ context }) => context.query.page > 1,
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const values = { ...context.values, [event.field]: event.value }
      return { values, searchError: searchProblem(values) }
    }),
    /** A search (or a country chosen) starts from the first page. */
    search: assign(({ context }) => ({
      query: { q: context.values.q.trim(), country: context.values.country, page: 1 },
    })),
    clear: assign({ values: { q: '', country: '' }, searchError: null, query: firstPage }),
    next: assign(({ context }) => ({ query: { ...context.query, page: context.query.page + 1 } })),
    previous: assign(({ context }) => ({ query: { ...context.query, page: context.query.page - 1 } })),
    setResult: assign((_, result: CustomerListPage) => ({ result, message: null })),
    setCountries: assign((_, countries: CountryOption[]) => ({ countries })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'customerList',
  context: {
    values: { q: '', country: '' },
    searchError: null,
    query: firstPage,
    result: null,
    countries: [],
    message: null,
  },
  // The filter's countries: without them the filter offers "All countries" only.
  invoke: {
    id: 'listCountries',
    src: 'listCountries',
    onDone: { actions: { type: 'setCountries', params: ({ event }) => event.output } },
  },
  on: {
    'field.changed': { actions: 'change' },
    // From any state: a new search drops the page on its way.
    'user.search': { guard: 'canSearch', target: '.loading', reenter: true, actions: 'search' },
    'user.clear': { target: '.loading', reenter: true, actions: 'clear' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listCustomers',
        src: 'listCustomers',
        input: ({ context }) => listQueryOf(context.query),
        onDone: { target: 'ready', actions: { type: 'setResult', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'page.next': { guard: 'hasNext', target: 'loading', actions: 'next' },
        'page.previous': { guard: 'hasPrevious', target: 'loading', actions: 'previous' },
      },
    },
  },
})

// ---- One company ---------------------------------------------------------------------------------------

export interface CustomerDetailInput {
  id: number
}

/** What one user's row says after its last action failed. */
export interface UserMessage {
  id: number
  text: string
}

export interface CustomerDetailContext {
  id: number
  detail: CustomerDetail | null
  /** The user an action is on its way for, or whose deactivation awaits its confirmation. */
  userId: number | null
  userMessage: UserMessage | null
  /** What went well, for the page's status region. */
  notice: string | null
  /** Why the company failed to load. */
  message: string | null
}

export type CustomerDetailEvent =
  | { type: 'user.retry' }
  | { type: 'user.deactivate'; id: number }
  | { type: 'user.reactivate'; id: number }
  | { type: 'user.resendActivation'; id: number }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }

const userOf = (context: CustomerDetailContext, id: number | undefined): CustomerUser | undefined =>
  context.detail?.users.find((user) => user.id === id)

const idOf = (event: CustomerDetailEvent) => ('id' in event ? event.id : undefined)

/** Whom an action may be offered for: deactivate an active user, reactivate a deactivated one, and mail a new
 * activation link to an active user who has not activated. */
export const mayDeactivate = (user: CustomerUser) => user.active
export const mayReactivate = (user: CustomerUser) => !user.active
export const mayResendActivation = (user: CustomerUser) => user.active && !user.activated

const userAction = (src: 'deactivateUser' | 'reactivateUser' | 'resendActivation') => ({
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: CustomerDetailContext }) => ({ id: context.userId ?? 0 }),
    onDone: {
      target: 'idle',
      actions: {
        type: 'replaced' as const,
        params: ({ event }: { event: { output: CustomerUserAnswer } }) => event.output,
      },
    },
    onError: {
      target: 'idle',
      actions: {
        type: 'userFailed' as const,
        params: ({ event }: { event: { error: unknown } }) => event.error,
      },
    },
  },
})

export const customerDetailMachine = setup({
  types: {
    context: {} as CustomerDetailContext,
    events: {} as CustomerDetailEvent,
    input: {} as CustomerDetailInput,
  },
  actors: {
    getCustomer: fromPromise<CustomerDetail, { id: number }>(async () => {
      throw new Error('not provided')
    }),
    deactivateUser: fromPromise<CustomerUserAnswer, { id: number }>(async () => {
      throw new Error('not provided')
    }),
    reactivateUser: fromPromise<CustomerUserAnswer, { id: number }>(async () => {
      throw new Error('not provided')
    }),
    resendActivation: fromPromise<CustomerUserAnswer, { id: number }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    canDeactivate: ({ context, event }) => {
      const user = userOf(context, idOf(event))
      return user !== undefined && mayDeactivate(user)
    },
    canReactivate: ({ context, event }) => {
      const user = userOf(context, idOf(event))
      return user !== undefined && mayReactivate(user)
    },
    canResend: ({ context, event }) => {
      const user = userOf(context, idOf(event))
      return user !== undefined && mayResendActivation(user)
    },
  },
  actions: {
    setDetail: assign((_, detail: CustomerDetail) => ({ detail, message: null })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    /** A new request: what the last one said goes. */
    pickUser: assign(({ event }) => ({
      userId: idOf(event) ?? null,
      userMessage: null,
      notice: null,
    })),
    dropUser: assign({ userId: null }),
    /** The user as the server answered, in their place, and what it said. */
    replaced: assign(({ context }, answer: CustomerUserAnswer) => ({
      detail: context.detail && {
        ...context.detail,
        users: context.detail.users.map((user) => (user.id === answer.user.id ? answer.user : user)),
      },
      notice: answer.message,
      userId: null,
    })),
    userFailed: assign(({ context }, error: unknown) => ({
      userMessage:
        context.userId === null
          ? null
          : { id: context.userId, text: failureMessage(error, messages.generic) },
      userId: null,
    })),
  },
}).createMachine({
  id: 'customerDetail',
  context: ({ input }) => ({
    id: input.id,
    detail: null,
    userId: null,
    userMessage: null,
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getCustomer',
        src: 'getCustomer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'setDetail', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.deactivate': { guard: 'canDeactivate', target: 'confirming', actions: 'pickUser' },
            'user.reactivate': { guard: 'canReactivate', target: 'reactivating', actions: 'pickUser' },
            'user.resendActivation': { guard: 'canResend', target: 'resending', actions: 'pickUser' },
          },
        },
        confirming: {
          on: {
            'user.confirm': 'deactivating',
            'user.cancel': { target: 'idle', actions: 'dropUser' },
          },
        },
        deactivating: userAction('deactivateUser'),
        reactivating: userAction('reactivateUser'),
        resending: userAction('resendActivation'),
      },
    },
  },
})
