import { type Kysely, sql } from 'kysely'
import { searchText } from '../../contract/text'
import type { Database, LocationRow } from '../db/schema'
import { airportRows, type LocationKind, portRows } from './locations-data'

const BATCH = 500

/**
 * Loads the ports and airports of the data packages when the table is empty (a new database); returns how
 * many it loaded. Runs at server start under the setup lock (server/prepare.ts).
 */
export async function ensureLocations(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  if (Number(count) > 0) return 0
  const rows = [...portRows(), ...(await airportRows())].map((row) => ({
    ...row,
    search: searchText([row.code, row.name, row.city, row.country_name].join(' ')),
  }))
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('locations')
        .values(rows.slice(start, start + BATCH))
        .onConflict((oc) => oc.column('code').doNothing())
        .execute()
    }
  })
  await refreshLocationRanks(db)
  return rows.length
}

/** Places that some rate sheet serves come first in the type-ahead (100 over their package rank). */
export async function refreshLocationRanks(db: Kysely<Database>): Promise<void> {
  await sql`
    update locations set rank = (rank % 100) + case when code in (
      select origin from rate_lanes union select destination from rate_lanes
    ) then 100 else 0 end`.execute(db)
}

export type LocationResult = Pick<
  LocationRow,
  'code' | 'kind' | 'name' | 'city' | 'country_code' | 'country_name' | 'time_zone'
>

/** A place as the API sends it: the row without its search text and rank. */
export const placeOf = (row: LocationRow): LocationResult => ({
  code: row.code,
  kind: row.kind,
  name: row.name,
  city: row.city,
  country_code: row.country_code,
  country_name: row.country_name,
  time_zone: row.time_zone,
})

/**
 * Every place, held in memory by the server process: the type-ahead and the quote's look-ups never wait
 * for the database (places change only when a start loads them, ranks when rates are imported, so the copy
 * is refreshed every ten minutes).
 */
export class PlaceIndex {
  #loaded: Promise<{ rows: LocationRow[]; byCode: Map<string, LocationRow> }> | undefined
  #at = 0
  /** Recent answers of the type-ahead (people type the same prefixes), dropped with the copy they came from. */
  #answers = new Map<string, LocationResult[]>()
  static readonly ANSWERS_KEPT = 1000

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  #data() {
    if (!this.#loaded || Date.now() - this.#at > this.maxAgeMs) {
      this.#at = Date.now()
      const loading = this.db
        .selectFrom('locations')
        .selectAll()
        .execute()
        .then((rows) => {
          this.#answers.clear()
          return { rows, byCode: new Map(rows.map((row) => [row.code, row])) }
        })
      loading.catch(() => {
        if (this.#loaded === loading) this.#loaded = undefined
      })
      this.#loaded = loading
    }
    return this.#loaded
  }

  /** A place by its code (UN/LOCODE or IATA), or undefined. */
  async get(code: string): Promise<LocationRow | undefined> {
    return (await this.#data()).byCode.get(code.toUpperCase())
  }

  /**
   * The type-ahead: places of `kind` whose code starts with the query or whose name, city or country
   * contains it; an exact code first, then codes that start with it, then places with a word (of name,
   * city or country) that starts with it, then places with rates, larger places, and by name.
   */
  async search({ query, kind, limit = 10 }: { query: string; kind: LocationKind; limit?: number }) {
    const q = searchText(query.trim())
    if (!q) return []
    const data = await this.#data()
    const key = `${kind} ${limit} ${q}`
    const known = this.#answers.get(key)
    if (known) return known
    const code = q.toUpperCase()
    const scored: { row: LocationRow; score: number }[] = []
    for (const row of data.rows) {
      if (row.kind !== kind) continue
      const codeStart = row.code.startsWith(code)
      if (!codeStart && !row.search.includes(q)) continue
      const score =
        (row.code === code ? 4_000_000 : 0) +
        (codeStart ? 2_000_000 : 0) +
        (` ${row.search}`.includes(` ${q}`) ? 1_000_000 : 0) +
        row.rank
      scored.push({ row, score })
    }
    scored.sort(
      (a, b) => b.score - a.score || (a.row.name < b.row.name ? -1 : a.row.name > b.row.name ? 1 : 0),
    )
    const answer = scored.slice(0, limit).map(({ row }) => placeOf(row))
    if (this.#answers.size >= PlaceIndex.ANSWERS_KEPT) this.#answers.clear()
    this.#answers.set(key, answer)
    return answer
  }
}
