import type { Kysely } from 'kysely'
import type { Database, OutboxRow } from '../db/schema'
import type { MailDelivery } from '../mail/index'
import { type AttemptOutcome, claimDueMails, recordAttempt } from '../mail/outbox'
import { Poller } from './poller'

export interface MailWorkerOptions {
  db: Kysely<Database>
  delivery: MailDelivery
  now?: () => Date
  logger?: Pick<Console, 'error' | 'warn'>
  /** How long after it was written a mail that still fails is given up (MAIL_GIVE_UP_AFTER). */
  giveUpAfterMs?: number
  /** The longest one attempt may take (MAIL_SEND_TIMEOUT); a claim lasts this long plus a margin. */
  sendTimeoutMs?: number
  /** How often the outbox is looked at for due mail. */
  pollMs?: number
  /** Mails claimed at a time. */
  batch?: number
  /** The wait before retry n (1 after the first failure): exponential, see `retryDelayMs`. */
  retryDelay?: (failures: number) => number
}

export const DEFAULT_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000
export const DEFAULT_SEND_TIMEOUT_MS = 60_000
const FIRST_RETRY_MS = 15_000
const LONGEST_RETRY_MS = 60 * 60 * 1000

/**
 * Exponential backoff: 15 s after the first failure, doubling to at most an hour, each wait shortened by up
 * to a fifth at random so that mails which failed together do not all retry together.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1))
  return Math.round(base * (1 - 0.2 * random()))
}

/** An SMTP answer in the 500s (no such mailbox, refused) will not change on retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, 1000)
}

/**
 * Delivers the outbox: every server process runs one. Each round claims the due mails (FOR UPDATE SKIP
 * LOCKED, so each mail goes to one process), hands each to the delivery, and records the outcome: sent,
 * retried later with exponential backoff, or given up (logged) once it has failed for `giveUpAfterMs` or
 * the SMTP server refused it for good. A mail whose process stopped mid-delivery is claimed again when its
 * claim lapses.
 */
export class MailWorker {
  readonly #db: Kysely<Database>
  readonly #delivery: MailDelivery
  readonly #now: () => Date
  readonly #logger: Pick<Console, 'error' | 'warn'>
  readonly #giveUpAfterMs: number
  readonly #sendTimeoutMs: number
  readonly #pollMs: number
  readonly #batch: number
  readonly #retryDelay: (failures: number) => number
  readonly #poller: Poller

  constructor(options: MailWorkerOptions) {
    this.#db = options.db
    this.#delivery = options.delivery
    this.#now = options.now ?? (() => new Date())
    this.#logger = options.logger ?? console
    this.#giveUpAfterMs = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS
    this.#sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS
    this.#pollMs = options.pollMs ?? 1000
    this.#batch = options.batch ?? 10
    this.#retryDelay = options.retryDelay ?? ((failures) => retryDelayMs(failures))
    this.#poller = new Poller({
      round: () => this.#round(),
      batch: this.#batch,
      intervalMs: this.#pollMs,
      onError: (error) => this.#logger.error('Outbox round failed:', error),
    })
  }

  /** Starts looking at the outbox every `pollMs`. */
  start(): void {
    this.#poller.start()
  }

  /** Stops polling and waits for the round in progress, so no mail is left half-recorded. */
  stop(): Promise<void> {
    return this.#poller.stop()
  }

  /** One round: claims what is due and attempts each; resolves to the number of mails attempted. */
  runOnce(): Promise<number> {
    return this.#poller.runOnce()
  }

  async #round(): Promise<number> {
    const now = this.#now()
    // The claim outlasts the longest attempt, so only a stopped process's mails are claimed again.
    const claimedUntil = new Date(now.getTime() + this.#sendTimeoutMs * 2)
    const mails = await claimDueMails(this.#db, { now, claimedUntil, limit: this.#batch })
    for (const mail of mails) await this.#attempt(mail)
    return mails.length
  }

  async #attempt(mail: OutboxRow): Promise<void> {
    let outcome: AttemptOutcome
    try {
      await withTimeout(this.#delivery.deliver(mail), this.#sendTimeoutMs)
      outcome = { kind: 'sent', at: this.#now() }
    } catch (error) {
      const at = this.#now()
      const message = describe(error)
      const age = at.getTime() - mail.created_at.getTime()
      if (isPermanent(error) || age >= this.#giveUpAfterMs) {
        outcome = { kind: 'failed', at, error: message }
        this.#logger.error(
          `Mail #${mail.id} to ${mail.to} given up after ${mail.attempts} attempt(s) over ${Math.round(age / 1000)} s: ${message}`,
        )
      } else {
        const nextAttemptAt = new Date(at.getTime() + this.#retryDelay(mail.attempts))
        outcome = { kind: 'retry', at, error: message, nextAttemptAt }
        this.#logger.warn(
          `Mail #${mail.id} to ${mail.to}: attempt ${mail.attempts} failed (${message}); next at ${nextAttemptAt.toISOString()}`,
        )
      }
    }
    if (!(await recordAttempt(this.#db, mail, outcome))) {
      this.#logger.warn(`Mail #${mail.id}: its claim lapsed before attempt ${mail.attempts} was recorded`)
    }
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
