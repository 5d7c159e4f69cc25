/**
 * The address book's rows (table `parties`, migration 0016): every query names the company, so one company
 * never reads or changes another's entries. An entry is keyed per company by contract/parties.ts partyKey.
 */
import { type Kysely, sql } from 'kysely'
import { PARTIES_MAX, type PartyRole, partyKey, type SavedParty } from '../../contract/parties'
import type { Party } from '../../contract/quotes'
import type { Database, PartyRow } from '../db/schema'

const roleColumn = { shipper: 'as_shipper', consignee: 'as_consignee', notify: 'as_notify' } as const

export function toSavedParty(row: PartyRow): SavedParty {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    contact: row.contact,
    roles: (['shipper', 'consignee', 'notify'] as const).filter((role) => row[roleColumn[role]]),
    usedAt: row.used_at ? row.used_at.toISOString() : null,
    updatedAt: row.updated_at.toISOString(),
  }
}

/** The company's entries, the most recently used first, then the most recently changed. */
export async function listParties(db: Kysely<Database>, customerId: number): Promise<SavedParty[]> {
  const rows = await db
    .selectFrom('parties')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy(sql`used_at desc nulls last`)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PARTIES_MAX)
    .execute()
  return rows.map(toSavedParty)
}

export async function countParties(db: Kysely<Database>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('parties')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findPartyByKey(db: Kysely<Database>, customerId: number, key: string) {
  return db
    .selectFrom('parties')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('match_key', '=', key)
    .executeTakeFirst()
}

export interface PartyToSave {
  party: Party
  roles: readonly PartyRole[]
}

const trimmed = (text: string | undefined) => {
  const value = text?.trim()
  return value ? value : null
}

/**
 * Saves each party into the company's book: a new one is added, one already there (same partyKey) keeps its
 * entry with its spelling of the name and address, which takes the roles added, the contact when one is
 * given and, when `usedAt` is set, the time of use. Parties with the same key in `list` (the shipper is also the notify party) become one entry. When the
 * book is full, only the entries already there are updated. The entries as saved, in no particular order.
 */
export async function upsertParties(
  db: Kysely<Database>,
  customerId: number,
  list: readonly PartyToSave[],
  at: Date,
  usedAt: Date | null,
): Promise<PartyRow[]> {
  const byKey = new Map<string, PartyToSave>()
  for (const item of list) {
    const key = partyKey(item.party)
    const known = byKey.get(key)
    byKey.set(key, known ? { party: item.party, roles: [...known.roles, ...item.roles] } : item)
  }
  if (byKey.size === 0) return []
  const rows = [...byKey].map(([key, { party, roles }]) => ({
    customer_id: customerId,
    name: party.name.trim(),
    address: party.address.trim(),
    contact: trimmed(party.contact),
    match_key: key,
    as_shipper: roles.includes('shipper'),
    as_consignee: roles.includes('consignee'),
    as_notify: roles.includes('notify'),
    used_at: usedAt,
    created_at: at,
    updated_at: at,
  }))
  const room = PARTIES_MAX - (await countParties(db, customerId))
  const existing = new Set(
    (
      await db
        .selectFrom('parties')
        .select('match_key')
        .where('customer_id', '=', customerId)
        .where(
          'match_key',
          'in',
          rows.map((r) => r.match_key),
        )
        .execute()
    ).map((r) => r.match_key),
  )
  // Within the room left, new entries; past it, only the ones already there.
  let left = room
  const allowed = rows.filter((row) => {
    if (existing.has(row.match_key)) return true
    left -= 1
    return left >= 0
  })
  if (allowed.length === 0) return []
  return db
    .insertInto('parties')
    .values(allowed)
    .onConflict((oc) =>
      // The entry keeps its own spelling of the name and address (an edit changes them).
      oc.columns(['customer_id', 'match_key']).doUpdateSet({
        contact: sql`coalesce(excluded.contact, parties.contact)`,
        as_shipper: sql`parties.as_shipper or excluded.as_shipper`,
        as_consignee: sql`parties.as_consignee or excluded.as_consignee`,
        as_notify: sql`parties.as_notify or excluded.as_notify`,
        used_at: sql`coalesce(excluded.used_at, parties.used_at)`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .returningAll()
    .execute()
}

export async function findParty(db: Kysely<Database>, customerId: number, id: number) {
  return db
    .selectFrom('parties')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Replaces an entry's name, address, contact and roles; undefined when the company has no such entry. */
export async function updateParty(
  db: Kysely<Database>,
  customerId: number,
  id: number,
  input: { party: Party; roles: readonly PartyRole[] },
  at: Date,
) {
  return db
    .updateTable('parties')
    .set({
      name: input.party.name.trim(),
      address: input.party.address.trim(),
      contact: trimmed(input.party.contact),
      match_key: partyKey(input.party),
      as_shipper: input.roles.includes('shipper'),
      as_consignee: input.roles.includes('consignee'),
      as_notify: input.roles.includes('notify'),
      updated_at: at,
    })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteParty(db: Kysely<Database>, customerId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('parties')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
