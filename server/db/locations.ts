import { type Kysely, sql } from 'kysely'
import { airportRows, type LocationKind, portRows } from './locations-data'
import type { Database, LocationRow } from './schema'

/**
 * Lower case without accents or punctuation, words apart by one space: "cat lai" finds Cát Lái and "nhava"
 * finds "Jawaharlal Nehru (Nhava Sheva)".
 */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim()
}

const BATCH = 500

/**
 * Loads the ports and airports of the data packages when the table is empty (a new database); returns how
 * many it loaded. Runs at server start under the setup lock (server/db/prepare.ts).
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The type-ahead: places of `kind` whose code starts with the query or whose name, city or country
 * contains it; an exact code first, then codes that start with it, then places with a word (of name, city
 * or country) that starts with it, then places with rates, larger places, and by name.
 */
export async function searchLocations(
  db: Kysely<Database>,
  { query, kind, limit = 10 }: { query: string; kind: LocationKind; limit?: number },
): Promise<LocationResult[]> {
  const q = searchText(query.trim())
  if (!q) return []
  const code = q.toUpperCase()
  const contains = `%${escapeLike(q)}%`
  const wordStart = `% ${escapeLike(q)}%`
  return db
    .selectFrom('locations')
    .select(['code', 'kind', 'name', 'city', 'country_code', 'country_name', 'time_zone'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('code', 'like', `${escapeLike(code)}%`), eb('search', 'like', contains)]))
    .orderBy(sql`code = ${code}`, 'desc')
    .orderBy(sql`code like ${`${escapeLike(code)}%`}`, 'desc')
    .orderBy(sql`' ' || search like ${wordStart}`, 'desc')
    .orderBy('rank', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute()
}

/** One place by its code (UN/LOCODE or IATA), or undefined. */
export function findLocation(db: Kysely<Database>, code: string): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst()
}
