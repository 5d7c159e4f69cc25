import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { sessionReleaseMachine } from '../../../machines/session-release.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** A link the server refused itself (400 used or expired, 422 malformed): trying again would not help. */
const refusedLink = (status: number | undefined) => status === 400 || status === 422

/**
 * /release-session?token=…, the mailed link that ends the session live on another device: nothing is sent on
 * arrival (a mail scanner opening the link must not end a session), only once the person presses the button.
 */
export const sessionReleaseStates = stateChecks(sessionReleaseMachine, {
  // The button, and nothing sent yet.
  ready: ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.init')
    expect(context.token).not.toBe('')
    expect(requests).toEqual({})
    expect(context.message).toBeNull()
  },
  // Pressed (or tried again): the link's token is sent.
  releasing: ({ context, event, requests }) => {
    expect(['user.release', 'user.retry']).toContain(event.type)
    expect(context.token).not.toBe('')
    expect(requests).toEqual({ releaseSession: { token: context.token } })
  },
  // The server could not be reached or failed: why, and Try again.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.releaseSession')
    expect(refusedLink(failure(view).status)).toBe(false)
    expect(view.context.message).toBe(failure(view).message || messages.generic)
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(true)
    expect(view.requests).toEqual({})
  },
  // The other session ended: the server's words, for this link's token.
  released: ({ context, event, answered, requests }) => {
    expect(event.type).toBe('xstate.done.actor.releaseSession')
    expect(context.message).toBe((event.output as { message: string }).message)
    expect(answered?.input).toEqual({ token: context.token })
    expect(requests).toEqual({})
  },
  // The link is used or expired: the server's reason, and no Try again.
  refused: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.releaseSession')
    expect(refusedLink(failure(view).status)).toBe(true)
    expect(view.context.message).toBe(failure(view).message || messages.generic)
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(false)
  },
  // A link without a token says so at once and sends nothing.
  invalidLink: ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.init')
    expect(context.token).toBe('')
    expect(requests).toEqual({})
  },
})
