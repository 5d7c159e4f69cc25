import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { rateSheetMachine } from '../../../machines/rate-sheet.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** docs/pricing.md "The pricing desk": one sheet opened with its lines, read-only. */
export const rateSheetStates = stateChecks(rateSheetMachine, {
  // The sheet of the address is asked for, and nothing else.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ loadSheet: { id: context.id } })
  },
  // The sheet as answered; nothing is sent from it.
  ready: ({ context, event, requests }) => {
    expect(requests).toEqual({})
    expect(event.type).toBe('xstate.done.actor.loadSheet')
    expect(context.detail).toEqual(event.output)
    expect(context.message).toBeNull()
  },
  // No such sheet (or an address naming none): said, with nothing to retry.
  notFound: ({ context, event, requests }) => {
    expect(requests).toEqual({})
    expect([404, 422]).toContain((event.error as { status?: number }).status)
    expect(context.detail).toBeNull()
  },
  // It could not be read: the server's message or the generic one, and Try again.
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
})
