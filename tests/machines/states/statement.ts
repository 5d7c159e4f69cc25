import { expect } from 'vitest'
import { statementMessages } from '../../../contract/finance/statement-account'
import type { StatementOfAccount } from '../../../contract/finance/statement-wire'
import { messages } from '../../../contract/messages'
import { statementMachine, statementRequest } from '../../../machines/statement.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** docs/payments.md: a company's statement of account, its period and currency, and its PDF. */
export const statementStates = stateChecks(statementMachine, {
  // What is asked is what the context says: the period from today, the currency once chosen or answered.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getStatement: statementRequest(context) })
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect((view.event.error as { status?: number }).status).not.toBe(404)
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // Another company's or an unknown one (finance's address): said, nothing to retry.
  notFound: (view) => {
    expect((view.event.error as { status?: number }).status).toBe(404)
    expect(view.context.message).toBe(statementMessages.notFound)
  },
  'ready.idle': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(context.statement).not.toBeNull()
    if (event.type === 'xstate.done.actor.getStatement') {
      expect(context.statement).toEqual(event.output as StatementOfAccount)
      expect(context.currency).toBe((event.output as StatementOfAccount).currency)
      expect(context.message).toBeNull()
    }
    if (event.type === 'xstate.error.actor.downloadPdf')
      expect(context.dialog).toBe(told(view) || messages.generic)
    if (event.type === 'dialog.acknowledged') expect(context.dialog).toBeNull()
  },
  // One download at a time, of what is shown.
  'ready.downloading': ({ context, requests }) => {
    expect(requests).toEqual({ downloadPdf: statementRequest(context) })
  },
})
