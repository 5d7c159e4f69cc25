import { EventEmitter } from 'node:events'
import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { AfterAnswer } from '../../server/jobs/after-answer'

const turn = () => new Promise((resolve) => setImmediate(resolve))

/** A context whose answer is being written to a socket until the test finishes it. */
function sending() {
  const outgoing = Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false })
  return { c: { env: { outgoing } } as unknown as Context, outgoing }
}

describe('AfterAnswer', () => {
  it('starts the work once the answer is sent, not while its body is still being written', async () => {
    const after = new AfterAnswer()
    const { c, outgoing } = sending()
    const ran: string[] = []
    after.run(c, 'test', async () => ran.push('work'))
    for (let i = 0; i < 5; i += 1) await turn()
    expect(ran).toEqual([])
    outgoing.emit('finish')
    await after.idle()
    expect(ran).toEqual(['work'])
  })

  it('starts it when the connection closes before the answer is sent', async () => {
    const after = new AfterAnswer()
    const { c, outgoing } = sending()
    const ran: string[] = []
    after.run(c, 'test', async () => ran.push('work'))
    outgoing.emit('close')
    await after.idle()
    expect(ran).toEqual(['work'])
  })

  it('without a socket (app.request), starts it on the next turn; logs a failure and goes on', async () => {
    const errors: unknown[][] = []
    const after = new AfterAnswer({ error: (...args: unknown[]) => errors.push(args) })
    const ran: string[] = []
    after.run({ env: undefined } as unknown as Context, 'The failing work', async () => {
      throw new Error('boom')
    })
    after.run({ env: undefined } as unknown as Context, 'test', async () => ran.push('work'))
    expect(ran).toEqual([])
    await after.idle()
    expect(ran).toEqual(['work'])
    expect(errors).toEqual([['The failing work failed after the answer:', new Error('boom')]])
  })
})
