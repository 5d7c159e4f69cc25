import { expect } from 'vitest'
import type {
  BankLinePage,
  BankLineView,
  BankStatementUploaded,
  PaymentAnswer,
} from '../../../contract/finance/payment-wire'
import { messages } from '../../../contract/messages'
import { bankLinesMachine, bankMessages } from '../../../machines/bank-lines.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message
const lineOf = (context: StateView['context'], id: unknown) =>
  (context.lines as BankLineView[]).find((line) => line.id === id)

/** A statement may be sent: a file, and for a CSV the account it is of. */
const sendable = (context: StateView['context']) =>
  context.file !== null && (!/\.csv$/i.test(context.file.name) || context.account.trim() !== '')

/** docs/payments.md "Finance pages": a statement uploaded, its lines confirmed, changed, ignored or reopened. */
export const bankLinesStates = stateChecks(bankLinesMachine, {
  // Nothing sent without a file (and a CSV's account); a submit that sends nothing shows why.
  'upload.idle': (view) => {
    const { context, event } = view
    expect(view.requests.uploadStatement).toBeUndefined()
    if (event.type === 'upload.submit') {
      expect(sendable(context)).toBe(false)
      expect(context.uploadSubmitted).toBe(true)
      expect(Object.keys(context.uploadErrors).length).toBeGreaterThan(0)
    }
    if (event.type === 'xstate.done.actor.uploadStatement') {
      expect(context.uploaded).toEqual(event.output as BankStatementUploaded)
      expect(context.file).toBeNull()
    }
    if (event.type === 'xstate.error.actor.uploadStatement') {
      expect(context.file).toEqual(view.before.context.file)
      expect(context.uploadMessage).toBe(told(view) || messages.generic)
    }
  },
  'upload.sending': ({ context, requests }) => {
    expect(sendable(context)).toBe(true)
    expect(requests.uploadStatement).toEqual({ file: context.file, account: context.account.trim() })
    expect([context.uploaded, context.uploadMessage]).toEqual([null, null])
  },
  // The lines of the tab chosen, read afresh (a tab changed, a statement uploaded, a line decided).
  'list.loading': ({ context, requests, event }) => {
    expect(requests.loadLines).toEqual({ status: context.status, after: null })
    if (event.type === 'status.changed') expect(context.status).toBe(event.status)
  },
  'list.ready': (view) => {
    const { context, event, before } = view
    if (event.type === 'xstate.done.actor.loadLines') {
      const page = event.output as BankLinePage
      expect([context.lines, context.next]).toEqual([page.lines, page.next])
    }
    if (event.type === 'xstate.done.actor.loadMore')
      expect(context.lines).toEqual([...before.context.lines, ...(event.output as BankLinePage).lines])
    if (event.type === 'xstate.error.actor.loadMore') expect(context.lines).toEqual(before.context.lines)
  },
  'list.loadingMore': ({ context, requests }) => {
    expect(requests.loadMore).toEqual({ status: context.status, after: context.next })
  },
  'list.failed': (view) => {
    if (view.event.type === 'xstate.error.actor.loadLines')
      expect(view.context.listMessage).toBe(told(view) || messages.generic)
  },
  // What was done is said; a line acted on against its status (confirm without a suggestion, reopen an open
  // line) does nothing.
  'act.idle': (view) => {
    const { context, event } = view
    expect(view.requests.lineAction ?? view.requests.change).toBeUndefined()
    const line = lineOf(context, event.id)
    if (event.type === 'line.confirm') expect(line?.status !== 'open' || !line?.suggestion).toBe(true)
    if (event.type === 'line.ignore' || event.type === 'line.change') expect(line?.status).not.toBe('open')
    if (event.type === 'line.reopen') expect(line?.status).not.toBe('ignored')
    if (event.type === 'xstate.done.actor.lineAction') {
      const output = event.output as PaymentAnswer | BankLineView
      expect(context.notice).toBe(
        'message' in output
          ? output.message
          : output.status === 'ignored'
            ? bankMessages.ignored
            : bankMessages.reopened,
      )
    }
    if (event.type === 'xstate.error.actor.lineAction')
      expect(context.message).toBe(told(view) || messages.generic)
  },
  // One line: Confirm sends the suggestion as it is; Ignore an open line; Reopen an ignored one.
  'act.acting': ({ context, requests, event }) => {
    const line = context.line as BankLineView
    if (event.type === 'line.confirm') {
      expect(line.suggestion).not.toBeNull()
      expect(requests.lineAction).toEqual({
        kind: 'confirm',
        lineId: line.id,
        body: {
          customerId: line.suggestion?.customerId,
          method: 'fast',
          allocations: line.suggestion?.allocations,
        },
      })
    }
    if (event.type === 'line.ignore') {
      expect(line.status).toBe('open')
      expect(requests.lineAction).toEqual({ kind: 'ignore', lineId: line.id })
    }
    if (event.type === 'line.reopen') {
      expect(line.status).toBe('ignored')
      expect(requests.lineAction).toEqual({ kind: 'reopen', lineId: line.id })
    }
  },
  // The payment form for an open line, from its suggestion when it has one.
  'act.changing': ({ context, requests }) => {
    const line = context.line as BankLineView
    expect(line.status).toBe('open')
    const asked = requests.change as { line: BankLineView; preset?: { customer: { id: number } } }
    expect(asked.line).toEqual(line)
    expect(asked.preset?.customer.id).toBe(line.suggestion?.customerId)
  },
})
