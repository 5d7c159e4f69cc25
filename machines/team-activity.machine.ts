/**
 * `teamActivityMachine` (/user/team/activity, issue 24, docs/teams.md "Who did what"): the company's own
 * activity for its Admins. Loads a page (`listActivity` with the person and the page) → ready, or failed
 * (Try again), or forbidden (the server's 403: not an Admin; nothing to retry). In ready, choosing a person
 * starts again from the first page of their rows; Newer / Older move between pages while there is one.
 * A person chosen while a page is on its way drops that request and asks for the new one.
 *
 * Effects (the API call) are injected by the page with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import type { TeamActivityPage } from '../contract/team-activity'
import { actorError, failure } from './actor-error'

export interface TeamActivityQuery {
  /** Only this person's rows; null for everyone's. */
  user: number | null
  page: number
}

export interface TeamActivityContext {
  query: TeamActivityQuery
  /** The page shown (kept while the next one loads, so the people to choose from stay). */
  data: TeamActivityPage | null
  message: string | null
}

export type TeamActivityEvent =
  | { type: 'person.changed'; user: number | null }
  | { type: 'page.newer' }
  | { type: 'page.older' }
  | { type: 'user.retry' }

export const teamActivityMachine = setup({
  types: {
    context: {} as TeamActivityContext,
    events: {} as TeamActivityEvent,
    input: {} as { user?: number | null } | undefined,
  },
  actors: {
    listActivity: fromPromise<TeamActivityPage, TeamActivityQuery>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    hasOlder: ({ context }) => context.data !== null && context.query.page < context.data.pageCount,
    hasNewer: ({ context }) => context.query.page > 1,
    isForbidden: (_, error: unknown) => failure(error).status === 403,
  },
  actions: {
    setPerson: assign(({ event }) => {
      assertEvent(event, 'person.changed')
      return { query: { user: event.user, page: 1 } }
    }),
    older: assign(({ context }) => ({ query: { ...context.query, page: context.query.page + 1 } })),
    newer: assign(({ context }) => ({ query: { ...context.query, page: context.query.page - 1 } })),
    setData: assign({ data: (_, data: TeamActivityPage) => data }),
    setMessage: assign({ message: (_, error: unknown) => failure(error).message ?? messages.generic }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'teamActivity',
  context: ({ input }) => ({ query: { user: input?.user ?? null, page: 1 }, data: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearMessage',
      on: { 'person.changed': { target: 'loading', reenter: true, actions: 'setPerson' } },
      invoke: {
        id: 'listActivity',
        src: 'listActivity',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'setData', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isForbidden', params: actorError },
            target: 'forbidden',
            actions: { type: 'setMessage', params: actorError },
          },
          { target: 'failed', actions: { type: 'setMessage', params: actorError } },
        ],
      },
    },
    ready: {
      on: {
        'person.changed': { target: 'loading', actions: 'setPerson' },
        'page.older': { guard: 'hasOlder', target: 'loading', actions: 'older' },
        'page.newer': { guard: 'hasNewer', target: 'loading', actions: 'newer' },
      },
    },
    failed: {
      on: {
        'user.retry': 'loading',
        'person.changed': { target: 'loading', actions: 'setPerson' },
      },
    },
    /** Not an Admin: the server's message, and nothing to do here. */
    forbidden: {},
  },
})
