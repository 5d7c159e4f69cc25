/**
 * The bound on password hashing in one process. scrypt at N = 2^17 is about 0.4 s of a CPU and 128 MiB per
 * hash, and runs on libuv's small thread pool: a flood of wrong passwords would otherwise fill that pool, and
 * a real user's login would wait behind every hash of the flood (and so would file reads, DNS look-ups and
 * compression, which share the pool). Here at most `concurrency` hashes run at once; the others wait, the
 * least suspicious first: a waiter's priority is the number of failed logins its client address made lately
 * (0 for an address with none), ties in arrival order. At most `queue` may wait: when one more arrives, the
 * most suspicious of them all (the newest among equals, so possibly the newcomer) is refused with
 * HashQueueFull, which the routes answer 503 with Retry-After.
 *
 * A sign-in with a valid device token (device-tokens.ts) waits with priority TRUSTED_DEVICE: ahead of every
 * other, and never refused, so a flood from many addresses cannot lock out a browser that signed in before.
 * Its failures are bounded per token (DEVICE_FAILURES), so few of them can wait at once.
 */

/** The priority of a sign-in with a valid device token: first in the queue, and never refused. */
export const TRUSTED_DEVICE = -1
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Password hashing is saturated')
  }
}

interface Waiter {
  priority: number
  start(): void
  refuse(error: HashQueueFull): void
}

export interface HashQueueSettings {
  concurrency: number
  queue: number
}

export class HashQueue {
  private running = 0
  /** Sorted by priority, then arrival: the first is served next, the last refused first. */
  private readonly waiting: Waiter[] = []
  /** How long a hash took lately (an average), to say how long a refused request should wait. */
  private hashMs = 500

  constructor(private readonly settings: HashQueueSettings) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** run(), with a refusal as a value: `{ retryAfter }` in seconds. */
  async tryRun<T>(priority: number, work: () => Promise<T>): Promise<{ value: T } | { retryAfter: number }> {
    try {
      return { value: await this.run(priority, work) }
    } catch (error) {
      if (error instanceof HashQueueFull) return { retryAfter: error.retryAfterSeconds }
      throw error
    }
  }

  /** Runs `work` once a slot is free; rejects with HashQueueFull when it is refused a place in the queue. */
  async run<T>(priority: number, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.settings.concurrency) await this.wait(priority)
    else this.running += 1
    const started = performance.now()
    try {
      return await work()
    } finally {
      this.hashMs = 0.8 * this.hashMs + 0.2 * (performance.now() - started)
      this.release()
    }
  }

  private wait(priority: number): Promise<void> {
    return new Promise<void>((start, refuse) => {
      const waiter: Waiter = { priority, start, refuse }
      let at = this.waiting.length
      while (at > 0 && (this.waiting[at - 1] as Waiter).priority > priority) at -= 1
      this.waiting.splice(at, 0, waiter)
      const last = this.waiting.at(-1) as Waiter
      // The last waits behind all others: trusted only when all of them are, and then none is refused.
      if (this.waiting.length > this.settings.queue && last.priority !== TRUSTED_DEVICE) {
        this.waiting.pop()
        last.refuse(new HashQueueFull(this.retryAfter()))
      }
    })
  }

  /** Hands the slot to the next waiter, or frees it. */
  private release(): void {
    const next = this.waiting.shift()
    if (next) next.start()
    else this.running -= 1
  }

  /** About the time the queue takes to drain, in whole seconds. */
  private retryAfter(): number {
    const drainMs = ((this.waiting.length + this.running) * this.hashMs) / this.settings.concurrency
    return Math.max(1, Math.ceil(drainMs / 1000))
  }
}
