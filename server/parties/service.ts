/**
 * The address book's operations (server/routes/parties.ts): each answers the status and body the route
 * documents. Entries belong to the session's company; another company's id is not found (404).
 */
import type { Kysely } from 'kysely'
import {
  type PartiesResponse,
  type PartyResponse,
  type PartyRole,
  partyKey,
  partyMessages,
  type SavedPartyInput,
} from '../../contract/parties'
import type { Party } from '../../contract/quotes'
import type { ErrorBody } from '../../contract/wire'
import type { Database } from '../db/schema'
import {
  deleteParty,
  findParty,
  findPartyByKey,
  listParties,
  type PartyToSave,
  toSavedParty,
  updateParty,
  upsertParties,
} from './queries'

export interface PartyDeps {
  db: Kysely<Database>
  now: () => Date
}

const notFound = { status: 404 as const, body: { message: partyMessages.notFound } satisfies ErrorBody }
const duplicate = {
  status: 409 as const,
  body: { message: partyMessages.duplicate, errors: { name: [partyMessages.duplicate] } } satisfies ErrorBody,
}
const full = { status: 409 as const, body: { message: partyMessages.full } satisfies ErrorBody }

const partyOf = ({ name, address, contact }: SavedPartyInput): Party => ({
  name,
  address,
  ...(contact === undefined ? {} : { contact }),
})

/** A unique violation of the company's (customer_id, match_key): two saves of one party at once. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505'

export function partyService({ db, now }: PartyDeps) {
  async function list(customerId: number) {
    return {
      status: 200 as const,
      body: { parties: await listParties(db, customerId) } satisfies PartiesResponse,
    }
  }

  /** 201 a new entry; 200 the entry already there for this name and address, with the roles added; 409 full. */
  async function create(customerId: number, input: SavedPartyInput) {
    const known = await findPartyByKey(db, customerId, partyKey(input))
    const [row] = await upsertParties(
      db,
      customerId,
      [{ party: partyOf(input), roles: input.roles ?? [] }],
      now(),
      null,
    )
    if (!row) return full
    return {
      status: known ? (200 as const) : (201 as const),
      body: { party: toSavedParty(row) } satisfies PartyResponse,
    }
  }

  /** 200 the entry as changed; 404 none of this company's; 409 another entry already has that name and address. */
  async function update(customerId: number, id: number, input: SavedPartyInput) {
    const current = await findParty(db, customerId, id)
    if (!current) return notFound
    const other = await findPartyByKey(db, customerId, partyKey(input))
    if (other && other.id !== id) return duplicate
    const roles: PartyRole[] = input.roles ?? toSavedParty(current).roles
    try {
      const row = await updateParty(db, customerId, id, { party: partyOf(input), roles }, now())
      return row
        ? { status: 200 as const, body: { party: toSavedParty(row) } satisfies PartyResponse }
        : notFound
    } catch (error) {
      if (isUniqueViolation(error)) return duplicate
      throw error
    }
  }

  async function remove(customerId: number, id: number) {
    return (await deleteParty(db, customerId, id))
      ? { status: 200 as const, body: { message: partyMessages.deleted } }
      : notFound
  }

  return { list, create, update, remove }
}

/**
 * The parties of a confirmed booking saved into its company's address book, in the booking's transaction:
 * the shipper, the consignee and the notify party (when there is one), marked used at `at`.
 */
export async function saveBookingParties(
  trx: Kysely<Database>,
  customerId: number,
  parties: { shipper: Party; consignee: Party; notifyParty?: Party | undefined },
  at: Date,
) {
  const list: PartyToSave[] = [
    { party: parties.shipper, roles: ['shipper'] },
    { party: parties.consignee, roles: ['consignee'] },
    ...(parties.notifyParty ? [{ party: parties.notifyParty, roles: ['notify'] as PartyRole[] }] : []),
  ]
  await upsertParties(trx, customerId, list, at, at)
}
