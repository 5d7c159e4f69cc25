/**
 * Runs a job's rounds one after another: at once when started, at once again while a round fills its batch
 * (more is due), otherwise after `intervalMs`. Rounds never overlap (`runOnce` waits for the round in
 * progress), a failed round is reported and the next one runs on time, and `stop` waits for the round in
 * progress. The outbox worker and the quote expiry reminders are its jobs.
 */
export interface PollerOptions {
  /** One round; resolves to how many items it handled. */
  round: () => Promise<number>
  /** The most items a round handles: a full round is followed at once by the next. */
  batch: number
  intervalMs: number
  onError: (error: unknown) => void
}

export class Poller {
  readonly #options: PollerOptions
  #timer: ReturnType<typeof setTimeout> | undefined
  #running: Promise<number> | undefined
  #stopped = true

  constructor(options: PollerOptions) {
    this.#options = options
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    this.#schedule(0)
  }

  /** Stops polling and waits for the round in progress, so nothing is left half-recorded. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running?.catch(() => {})
  }

  /** One round, after the one in progress if any; resolves to how many items it handled. */
  runOnce(): Promise<number> {
    const previous = this.#running ?? Promise.resolve(0)
    const round = previous.catch(() => 0).then(() => this.#options.round())
    this.#running = round
    return round
  }

  #schedule(ms: number): void {
    if (this.#stopped) return
    const { batch, intervalMs, onError } = this.#options
    this.#timer = setTimeout(() => {
      void this.runOnce()
        .catch((error) => {
          onError(error)
          return 0
        })
        .then((handled) => this.#schedule(handled === batch ? 0 : intervalMs))
    }, ms)
    this.#timer.unref?.()
  }
}
