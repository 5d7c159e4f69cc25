import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Mode, RateLane } from '../../contract/pricing/types'
import type { ChannelHandlers } from '../db/client'
import type { Database } from '../db/schema'
import { findLanes, laneEnds, ReferenceRates } from './reference-rates'

/** The channel the pricing team's tables notify (server/db/migrations/0011). */
export const RATE_SHEETS_CHANNEL = 'rate_sheets'

export interface LaneQuery {
  mode: Mode
  origin: string
  destination: string
  /** The ready date (YYYY-MM-DD): the sheets in force that day. */
  date: string
}

/** Where pricing reads the sheets in force for a lane. */
export interface LaneSource {
  find(query: LaneQuery): Promise<readonly RateLane[]>
}

/** Each read goes to the database (set-up, scripts, and a server that cannot listen). */
export function lanesFrom(db: Kysely<Database>): LaneSource {
  return { find: (query) => findLanes(db, query) }
}

/** Lane answers held by default: a few thousand lanes × ready dates a process sees in a day. */
const MAX_ENTRIES = 2_000
/**
 * How long a lane answer is held at most, notifications or not: should a listening connection die without
 * the process noticing (a network cut that sends nothing), no sheet is older than this.
 */
export const RATE_SHEETS_MAX_AGE_MS = 60_000

/**
 * The rate sheets, exchange rates and services tariffs as one server process reads them, held between
 * quotes while the database notifies changes to them (`rate_sheets`). A quote reads the sheets of its lane
 * on its ready date; every quote of that lane and date after the first is priced from memory, without the
 * round trip and the charge lines' JSON (a fifth of a quote's cost).
 *
 * Correctness rests on these rules:
 * - nothing is held unless notifications are being received (`live`): a change committed meanwhile would not
 *   be heard of;
 * - a notification, and every change of `live`, drops everything held;
 * - a read is held from its start, so a notification drops it too while it is still under way: an answer
 *   read before the change serves the quotes that were waiting for it and is not kept;
 * - nothing is held longer than RATE_SHEETS_MAX_AGE_MS.
 * A change is thus in effect for every quote that starts after its notification reached the process (a few
 * milliseconds after the commit). Held sheets are frozen: pricing reads them, never writes.
 */
export class RateSheets implements ChannelHandlers {
  readonly reference: ReferenceRates
  #live = false
  /** By key; the least recently used goes first past the bound. */
  readonly #lanes: LRUCache<string, { reading: Promise<readonly RateLane[]>; readAt: number }>
  /** The places with sheets, by mode and date (a handful of keys a day). */
  readonly #ends = new Map<string, { reading: Promise<ReadonlySet<string>>; readAt: number }>()

  constructor(
    private readonly db: Kysely<Database>,
    maxEntries = MAX_ENTRIES,
    private readonly clock: () => number = Date.now,
  ) {
    this.reference = new ReferenceRates(db)
    this.#lanes = new LRUCache({ max: maxEntries })
  }

  /** The sheets in force for a lane on a date (see findLanes), from memory when held. */
  find(query: LaneQuery): Promise<readonly RateLane[]> {
    if (!this.#live) return findLanes(this.db, query)
    const key = `${query.mode} ${query.origin} ${query.destination} ${query.date}`
    const held = this.#lanes.get(key)
    const now = this.clock()
    if (held && now - held.readAt < RATE_SHEETS_MAX_AGE_MS) return held.reading
    // Held from the start, so that concurrent quotes of the lane share the read, and so that a notification
    // drops a read still under way with the rest. A failed read is not kept.
    const reading = findLanes(this.db, query).then(deepFreeze)
    this.#lanes.set(key, { reading, readAt: now })
    reading.catch(() => {
      if (this.#lanes.get(key)?.reading === reading) this.#lanes.delete(key)
    })
    return reading
  }

  /**
   * The places with a sheet of `mode` in force on `date` (the type-ahead marks them), held under the same
   * rules as the lanes.
   */
  ends(mode: Mode, date: string): Promise<ReadonlySet<string>> {
    if (!this.#live) return laneEnds(this.db, mode, date)
    const key = `${mode} ${date}`
    const now = this.clock()
    const held = this.#ends.get(key)
    if (held && now - held.readAt < RATE_SHEETS_MAX_AGE_MS) return held.reading
    const reading = laneEnds(this.db, mode, date)
    this.#ends.set(key, { reading, readAt: now })
    reading.catch(() => {
      if (this.#ends.get(key)?.reading === reading) this.#ends.delete(key)
    })
    return reading
  }

  /** How many lane answers are held (tests). */
  get size(): number {
    return this.#lanes.size
  }

  notify(): void {
    this.#lanes.clear()
    this.#ends.clear()
    this.reference.clear()
  }

  live(on: boolean): void {
    this.#live = on
    this.notify()
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
