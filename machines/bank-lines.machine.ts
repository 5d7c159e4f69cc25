/**
 * `bankLinesMachine` (finance's bank statements, /staff/finance/bank, issue 36): side by side,
 *
 * - `upload`: a statement file (camt.053 XML, or a CSV with the account it is of) sent (`uploadStatement`);
 *   the answer (lines in the file, lines new) is said and the open lines read again; a refusal names the line;
 * - `list`: the lines of one status (open, matched, ignored; `loadLines`), with More for the next page;
 * - `act`: one line at a time: Confirm (the desk's suggestion, as suggested), Ignore, Reopen (an ignored
 *   line) through `lineAction`; or Change: the payment form (`paymentRecordMachine`, invoked with the line and
 *   the suggestion to start from) matches it otherwise. Each is said and the list read again.
 *
 * Effects are injected by the page with `machine.provide` (the form's too).
 */
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import type {
  BankLinePage,
  BankLineStatus,
  BankLineView,
  BankStatementUploaded,
  MatchBankLineInput,
  PaymentAnswer,
} from '../contract/finance/payment-wire'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { failureMessage } from './form'
import { paymentRecordMachine } from './payment-record.machine'

/** A statement file as chosen (the browser's File; a name and its bytes). */
export type StatementFile = Pick<File, 'name' | 'size'> & Blob

export type LineAction =
  | { kind: 'confirm'; lineId: number; body: MatchBankLineInput }
  | { kind: 'ignore' | 'reopen'; lineId: number }

export interface BankLinesContext {
  today: string
  status: BankLineStatus
  lines: BankLineView[]
  next: string | null
  file: StatementFile | null
  account: string
  uploadErrors: FieldErrors
  uploadSubmitted: boolean
  uploaded: BankStatementUploaded | null
  uploadMessage: string | null
  /** The line acted on last (as it was when acted on), and what was said of it. */
  line: BankLineView | null
  notice: string | null
  /** Why a line's action failed. */
  message: string | null
  /** Why the lines could not be read. */
  listMessage: string | null
}

export type BankLinesEvent =
  | { type: 'status.changed'; status: BankLineStatus }
  | { type: 'list.more' }
  | { type: 'user.retry' }
  | { type: 'lines.reload' }
  | { type: 'file.chosen'; file: StatementFile | null }
  | { type: 'account.changed'; value: string }
  | { type: 'upload.submit' }
  | { type: 'line.confirm'; id: number }
  | { type: 'line.ignore'; id: number }
  | { type: 'line.reopen'; id: number }
  | { type: 'line.change'; id: number }

export const bankMessages = {
  fileRequired: 'Choose the statement file (camt.053 XML or CSV).',
  accountRequired: 'Enter the account this CSV statement is of.',
  ignored: 'Line ignored.',
  reopened: 'Line open again.',
} as const

export const isCsv = (file: Pick<File, 'name'> | null) => file !== null && /\.csv$/i.test(file.name)

export function checkUpload(file: StatementFile | null, account: string): FieldErrors {
  if (!file) return { file: [bankMessages.fileRequired] }
  if (isCsv(file) && account.trim() === '') return { account: [bankMessages.accountRequired] }
  return {}
}

/** Confirming a line: its suggestion as the match's body. */
export const confirmBody = (line: BankLineView): MatchBankLineInput => ({
  customerId: line.suggestion?.customerId ?? 0,
  method: 'fast',
  allocations: line.suggestion?.allocations ?? [],
})

const lineOf = (context: BankLinesContext, id: number | null) => context.lines.find((line) => line.id === id)

export const bankLinesMachine = setup({
  types: {
    context: {} as BankLinesContext,
    events: {} as BankLinesEvent,
    input: {} as { today: string },
  },
  actors: {
    loadLines: fromPromise<BankLinePage, { status: BankLineStatus; after: string | null }>(async () => {
      throw new Error('not provided')
    }),
    uploadStatement: fromPromise<BankStatementUploaded, { file: StatementFile; account: string }>(
      async () => {
        throw new Error('not provided')
      },
    ),
    lineAction: fromPromise<PaymentAnswer | BankLineView, LineAction>(async () => {
      throw new Error('not provided')
    }),
    change: paymentRecordMachine,
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    uploadValid: ({ context }) => Object.keys(context.uploadErrors).length === 0,
    hasSuggestion: ({ context, event }) =>
      'id' in event &&
      lineOf(context, event.id)?.suggestion != null &&
      lineOf(context, event.id)?.status === 'open',
    isOpen: ({ context, event }) => 'id' in event && lineOf(context, event.id)?.status === 'open',
    isIgnored: ({ context, event }) => 'id' in event && lineOf(context, event.id)?.status === 'ignored',
    hasMatched: ({ event }) => (event as { output?: unknown }).output != null,
  },
  actions: {
    setStatus: assign(({ event }) => {
      assertEvent(event, 'status.changed')
      return { status: event.status, lines: [], next: null }
    }),
    setPage: assign((_, page: BankLinePage) => ({ lines: page.lines, next: page.next, listMessage: null })),
    addPage: assign(({ context }, page: BankLinePage) => ({
      lines: [...context.lines, ...page.lines],
      next: page.next,
    })),
    failed: assign((_, error: unknown) => ({ listMessage: failureMessage(error, messages.generic) })),
    chooseFile: assign(({ context, event }) => {
      assertEvent(event, 'file.chosen')
      return { file: event.file, uploadErrors: checkUpload(event.file, context.account), uploadMessage: null }
    }),
    changeAccount: assign(({ context, event }) => {
      assertEvent(event, 'account.changed')
      return {
        account: event.value,
        uploadErrors: checkUpload(context.file, event.value),
        uploadMessage: null,
      }
    }),
    uploadSubmitted: assign({ uploadSubmitted: true }),
    startUpload: assign({ uploaded: null, uploadMessage: null }),
    setUploaded: assign((_, uploaded: BankStatementUploaded) => ({
      uploaded,
      file: null,
      uploadSubmitted: false,
      uploadErrors: checkUpload(null, ''),
    })),
    uploadFailed: assign((_, error: unknown) => ({ uploadMessage: failureMessage(error, messages.generic) })),
    pickLine: assign(({ context, event }) => ({
      line: ('id' in event ? lineOf(context, event.id) : undefined) ?? null,
      notice: null,
      message: null,
    })),
    acted: assign((_, output: PaymentAnswer | BankLineView) => ({
      notice:
        'message' in output
          ? output.message
          : output.status === 'ignored'
            ? bankMessages.ignored
            : bankMessages.reopened,
    })),
    matched: assign((_, answer: PaymentAnswer) => ({ notice: answer.message })),
    actFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'bankLines',
  context: ({ input }) => ({
    today: input.today,
    status: 'open',
    lines: [],
    next: null,
    file: null,
    account: '',
    uploadErrors: checkUpload(null, ''),
    uploadSubmitted: false,
    uploaded: null,
    uploadMessage: null,
    line: null,
    listMessage: null,
    notice: null,
    message: null,
  }),
  type: 'parallel',
  states: {
    upload: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'file.chosen': { actions: 'chooseFile' },
            'account.changed': { actions: 'changeAccount' },
            'upload.submit': [
              { guard: 'uploadValid', target: 'sending', actions: 'startUpload' },
              { actions: 'uploadSubmitted' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'uploadStatement',
            src: 'uploadStatement',
            input: ({ context }) => ({
              file: context.file as StatementFile,
              account: context.account.trim(),
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setUploaded', params: ({ event }) => event.output },
                raise({ type: 'lines.reload' }),
              ],
            },
            onError: { target: 'idle', actions: { type: 'uploadFailed', params: actorError } },
          },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'status.changed': { target: '.loading', actions: 'setStatus' },
        'lines.reload': '.loading',
      },
      states: {
        loading: {
          invoke: {
            id: 'loadLines',
            src: 'loadLines',
            input: ({ context }) => ({ status: context.status, after: null }),
            onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'failed', params: actorError } },
          },
        },
        ready: { on: { 'list.more': { guard: 'hasNext', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadLines',
            input: ({ context }) => ({ status: context.status, after: context.next }),
            onDone: { target: 'ready', actions: { type: 'addPage', params: ({ event }) => event.output } },
            onError: { target: 'ready', actions: { type: 'failed', params: actorError } },
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
      },
    },
    act: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'line.confirm': { guard: 'hasSuggestion', target: 'acting', actions: 'pickLine' },
            'line.ignore': { guard: 'isOpen', target: 'acting', actions: 'pickLine' },
            'line.reopen': { guard: 'isIgnored', target: 'acting', actions: 'pickLine' },
            'line.change': { guard: 'isOpen', target: 'changing', actions: 'pickLine' },
          },
        },
        acting: {
          invoke: {
            id: 'lineAction',
            src: 'lineAction',
            input: ({ context, event }): LineAction => {
              const line = context.line as BankLineView
              if (event.type === 'line.confirm')
                return { kind: 'confirm', lineId: line.id, body: confirmBody(line) }
              return { kind: event.type === 'line.reopen' ? 'reopen' : 'ignore', lineId: line.id }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'acted', params: ({ event }) => event.output },
                raise({ type: 'lines.reload' }),
              ],
            },
            onError: { target: 'idle', actions: { type: 'actFailed', params: actorError } },
          },
        },
        changing: {
          invoke: {
            id: 'change',
            src: 'change',
            input: ({ context }) => {
              const line = context.line as BankLineView
              const suggestion = line.suggestion
              return {
                today: context.today,
                line,
                ...(suggestion
                  ? {
                      preset: {
                        customer: { id: suggestion.customerId, name: suggestion.customerName },
                        allocations: suggestion.allocations,
                      },
                    }
                  : {}),
              }
            },
            onDone: [
              {
                guard: 'hasMatched',
                target: 'idle',
                actions: [
                  { type: 'matched', params: ({ event }) => event.output as PaymentAnswer },
                  raise({ type: 'lines.reload' }),
                ],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
})
