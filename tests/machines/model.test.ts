import { describe, expect, it } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { pathsOf, withoutPrefixes } from './model'

// A form in small: fill, submit, and the request's two answers.
const form = setup({
  types: { context: {} as { filled: boolean } },
  actors: { send: fromPromise(async () => 'sent') },
}).createMachine({
  context: { filled: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: assign({ filled: true }) },
        'user.submit': { guard: ({ context }) => context.filled, target: 'sending' },
      },
    },
    sending: {
      invoke: { src: 'send', onDone: 'sent', onError: 'editing' },
    },
    sent: { type: 'final' },
  },
})

const answered = (event: { type: string }) => /^xstate\.(done|error)\.actor\./.test(event.type)
const names = (paths: ReturnType<typeof pathsOf>) =>
  paths.map((path) =>
    path.steps
      .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\.\d+\..*$/, 'answer'))
      .filter((type) => type !== 'xstate.init')
      .join(' → '),
  )

describe('withoutPrefixes', () => {
  const all = pathsOf(form, {
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  })
  const kept = withoutPrefixes(all, answered)

  it('drops a path another one goes through, and the path that checks nothing', () => {
    expect(names(all)).toContain('field.changed')
    expect(names(kept)).not.toContain('field.changed')
    expect(kept.every((path) => path.steps.some((step) => step.event.type !== 'xstate.init'))).toBe(true)
  })

  it('keeps one path that ends with the request in flight, since the longer ones answer it at once', () => {
    expect(names(kept).filter((name) => name.endsWith('user.submit'))).toHaveLength(1)
    expect(kept.length).toBeLessThan(all.length)
    // Every state is still shown by some kept path.
    const shown = new Set(kept.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))))
    expect([...shown].sort()).toEqual(['"editing"', '"sending"', '"sent"'])
  })
})
