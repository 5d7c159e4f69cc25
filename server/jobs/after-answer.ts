/**
 * Work a request causes that its answer must not wait for: the mails of register, forgot-password and the
 * activation resend, which exist for some emails and not for others. Done in the answer, that work would
 * tell who has an account by the time the answer takes; queued here, every email gets its answer after the
 * same work, and this runs once the answer has been handed to the socket.
 *
 * In-process: a process that dies in the instant between an answer and its work loses that work (the user
 * asks for the mail again); what the work writes, it writes in one transaction, as before.
 */
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'

/** Resolves once the answer of `c` is sent or its connection closed. */
function sent(c: Context): Promise<void> {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing
  return new Promise<void>((resolve) => {
    if (!outgoing || outgoing.writableFinished || outgoing.destroyed) setImmediate(resolve)
    else {
      outgoing.once('finish', resolve)
      outgoing.once('close', resolve)
    }
  })
}

export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly logger: Pick<Console, 'error'> = console) {}

  /**
   * Runs `task` once the answer of `c` is sent (its last byte handed to the socket: an answer whose headers
   * changed after it was made is written from a stream, over several turns of the event loop), or, with no
   * socket (app.request), on the next turn; a failure is logged, never thrown.
   */
  run(c: Context, label: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = sent(c)
      .then(task)
      .then(
        () => {},
        (error: unknown) => this.logger.error(`${label} failed after the answer:`, error),
      )
      .finally(() => this.pending.delete(done))
    this.pending.add(done)
  }

  /** Resolves once every task queued so far (and those they queued) is done: shutdown and tests. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending)
  }
}
