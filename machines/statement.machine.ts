/**
 * A company's statement of account (docs/payments.md, "Statement of account"): the customer's in My Invoices
 * (/user/invoices?view=statement) and finance's (/staff/finance/customers/$id/statement). Loads the statement
 * of the chosen currency and period (404 → not found, other failures → Try again); choosing another period
 * or currency loads it again (the last answer stays shown meanwhile); Download PDF fetches the PDF of what is
 * shown (one at a time), a failure said in a dialog.
 *
 * Effects (`getStatement`, `downloadPdf`) are injected by the page with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { BillingCurrency } from '../contract/finance/invoices'
import {
  periodOf,
  type StatementPeriodChoice,
  statementMessages,
} from '../contract/finance/statement-account'
import type { StatementOfAccount, StatementRequest } from '../contract/finance/statement-wire'
import { messages } from '../contract/messages'
import { actorError, failure } from './actor-error'
import { failureMessage } from './form'

export interface StatementContext {
  today: string
  period: StatementPeriodChoice
  currency: BillingCurrency | null
  statement: StatementOfAccount | null
  /** Why the statement could not be loaded. */
  message: string | null
  /** A failed download, in a dialog. */
  dialog: string | null
}

export type StatementEvent =
  | { type: 'user.retry' }
  | { type: 'period.changed'; period: StatementPeriodChoice }
  | { type: 'currency.changed'; currency: BillingCurrency }
  | { type: 'pdf.download' }
  | { type: 'dialog.acknowledged' }

/** The request of what the context asks for. */
export const statementRequest = (context: Pick<StatementContext, 'today' | 'period' | 'currency'>) => ({
  ...(context.currency ? { currency: context.currency } : {}),
  ...periodOf(context.period, context.today),
})

/** Another period or currency: the statement is asked for again (a request in flight is dropped). */
const reload = {
  'period.changed': {
    target: '#statement.loading',
    reenter: true,
    actions: {
      type: 'setPeriod',
      params: ({ event }: { event: { period: StatementPeriodChoice } }) => event.period,
    },
  },
  'currency.changed': {
    target: '#statement.loading',
    reenter: true,
    actions: {
      type: 'setCurrency',
      params: ({ event }: { event: { currency: BillingCurrency } }) => event.currency,
    },
  },
} as const

export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    input: {} as { today: string; period?: StatementPeriodChoice; currency?: BillingCurrency },
  },
  actors: {
    getStatement: fromPromise<StatementOfAccount, StatementRequest>(async () => {
      throw new Error('not provided')
    }),
    downloadPdf: fromPromise<void, StatementRequest>(async () => {}),
  },
  guards: { isNotFound: (_, error: unknown) => failure(error).status === 404 },
  actions: {
    setStatement: assign((_, statement: StatementOfAccount) => ({
      statement,
      currency: statement.currency,
      message: null,
    })),
    setMessage: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    setNotFound: assign({ message: statementMessages.notFound }),
    setPeriod: assign((_, period: StatementPeriodChoice) => ({ period })),
    setCurrency: assign((_, currency: BillingCurrency) => ({ currency })),
    setDialog: assign((_, error: unknown) => ({ dialog: failureMessage(error, messages.generic) })),
    clearDialog: assign({ dialog: null }),
  },
}).createMachine({
  id: 'statement',
  context: ({ input }) => ({
    today: input.today,
    period: input.period ?? '90d',
    currency: input.currency ?? null,
    statement: null,
    message: null,
    dialog: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      on: reload,
      invoke: {
        id: 'getStatement',
        src: 'getStatement',
        input: ({ context }) => statementRequest(context),
        onDone: { target: 'ready', actions: { type: 'setStatement', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: actorError }, target: 'notFound', actions: 'setNotFound' },
          { target: 'failed', actions: { type: 'setMessage', params: actorError } },
        ],
      },
    },
    failed: { on: { ...reload, 'user.retry': 'loading' } },
    notFound: {},
    ready: {
      initial: 'idle',
      on: { 'dialog.acknowledged': { actions: 'clearDialog' } },
      states: {
        idle: { on: { ...reload, 'pdf.download': 'downloading' } },
        downloading: {
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: ({ context }) => statementRequest(context),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'setDialog', params: actorError } },
          },
        },
      },
    },
  },
})
