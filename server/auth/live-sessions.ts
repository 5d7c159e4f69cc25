import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { ChannelHandlers } from '../db/client'
import type { Database } from '../db/schema'
import { SESSION_ABSOLUTE_MS, SESSION_TOUCH_MS, type SessionStore } from './principal'
import { customerSessions, customers, type LiveSession } from './sessions'

/** The channel sessions and users notify (server/db/migrations/0011). */
export const SESSIONS_CHANNEL = customers.channel

/** Sessions held by default: more than a process serves within SESSION_TOUCH_MS. */
const MAX_ENTRIES = 10_000

interface Held<S> {
  session: S
  /** When the database last found it live (ms). */
  checkedAt: number
  /** The end of its absolute lifetime (ms). */
  endsBy: number
}

/**
 * The live sessions of one kind of principal (a customer's, a staff member's) one server process found, so
 * that a session's requests within SESSION_TOUCH_MS of the database's last look at it are let through without
 * asking the database again (the store's touch would not slide its idle window in that time anyway). Every request of an API call paid that round trip before.
 *
 * A session held is let through only while all of these hold:
 * - the database notifies changes of sessions and users (`live`); otherwise every request asks it;
 * - no notification about its user arrived since it was found: ending a session (logout, a new password,
 *   a reset) or changing the user (name, company, country, type) notifies the user's id when the change
 *   commits, from whichever process made it;
 * - it was found less than SESSION_TOUCH_MS ago, and its absolute lifetime has not run out.
 * A process that ends a session or changes a user itself drops the user's sessions at once (`forgetUser`),
 * so its own next request never waits on the notification. Another process's change takes effect when its
 * notification arrives, a few milliseconds after the commit.
 */
export class HeldSessions<S extends { createdAt: number }> implements ChannelHandlers {
  #live = false
  /** Counts drops: a look-up that started before one is not held (it may have read the session live). */
  #generation = 0
  /** By token hash; the least recently used goes first past the bound. */
  readonly #held: LRUCache<string, Held<S>>

  constructor(
    private readonly db: Kysely<Database>,
    /** The sessions of one kind of principal (server/auth/principal.ts). */
    private readonly store: SessionStore<S>,
    maxEntries = MAX_ENTRIES,
  ) {
    this.#held = new LRUCache({ max: maxEntries })
  }

  /** The channel this kind's sessions and accounts notify. */
  get channel(): string {
    return this.store.kind.channel
  }

  /** The live session of a token hash (the store's touch), from memory when it may be. */
  async find(tokenHash: string, now: Date): Promise<S | undefined> {
    const at = now.getTime()
    const held = this.#live ? this.#held.get(tokenHash) : undefined
    if (held && at >= held.checkedAt && at - held.checkedAt < SESSION_TOUCH_MS && at < held.endsBy) {
      return held.session
    }
    const generation = this.#generation
    const found = await this.store.touch(this.db, tokenHash, now)
    this.#held.delete(tokenHash)
    if (!found || !this.#live || generation !== this.#generation) return found
    this.#held.set(tokenHash, {
      session: found,
      checkedAt: at,
      endsBy: found.createdAt + SESSION_ABSOLUTE_MS,
    })
    return found
  }

  /** Drops what is held of a user's sessions: this process just ended one or changed the user. */
  forgetUser(userId: number): void {
    this.#generation += 1
    const theirs = [...this.#held.entries()].filter(
      ([, held]) => this.store.kind.holderOf(held.session) === userId,
    )
    for (const [hash] of theirs) this.#held.delete(hash)
  }

  /** Drops everything held. */
  forgetAll(): void {
    this.#generation += 1
    this.#held.clear()
  }

  /** How many sessions are held (tests). */
  get size(): number {
    return this.#held.size
  }

  notify(detail?: string): void {
    const userId = Number(detail)
    if (detail && Number.isSafeInteger(userId)) this.forgetUser(userId)
    else this.forgetAll()
  }

  live(on: boolean): void {
    this.#live = on
    this.forgetAll()
  }
}

/** The customers' live sessions (the `sessions` channel). */
export class LiveSessions extends HeldSessions<LiveSession> {
  constructor(db: Kysely<Database>, maxEntries = MAX_ENTRIES) {
    super(db, customerSessions, maxEntries)
  }
}
