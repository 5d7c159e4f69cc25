/**
 * The company's address book: the shippers, consignees and notify parties it reuses. An entry is the
 * confirmation form's party (`partySchema` of contract/quotes.ts: the same rules and messages) with the roles it
 * has been used in. Shared by server and browser.
 */
import { z } from 'zod'
import { partySchema } from './quotes'

export const partyRoles = ['shipper', 'consignee', 'notify'] as const
export type PartyRole = (typeof partyRoles)[number]

/** An entry of the address book as the API returns it. */
export interface SavedParty {
  id: number
  name: string
  address: string
  contact: string | null
  /** The roles it has been used in on a booking, or given when saved. */
  roles: PartyRole[]
  /** When a booking last used it (ISO), else null. */
  usedAt: string | null
  updatedAt: string
}

export interface PartiesResponse {
  parties: SavedParty[]
}

export interface PartyResponse {
  party: SavedParty
}

/** The most entries a company's address book holds. */
export const PARTIES_MAX = 500

export const partyMessages = {
  notFound: 'Address book entry not found.',
  duplicate: 'This party is already in your address book.',
  full: `Your address book is full (${PARTIES_MAX} entries). Delete one to add another.`,
  deleted: 'Deleted from your address book.',
  loadFailed: 'The address book could not be loaded.',
} as const

/** POST /api/parties and PUT /api/parties/{id}: a party with the roles it is usually used for (optional). */
export const savedPartySchema = partySchema.extend({
  roles: z.array(z.enum(partyRoles)).max(partyRoles.length).optional(),
})
export type SavedPartyInput = z.infer<typeof savedPartySchema>

/**
 * The key that makes two entries the same party: name and address in lower case, each run of spaces,
 * punctuation or line breaks as one space ("Lion City Exports Pte. Ltd." = "lion city exports pte ltd").
 */
export function partyKey(party: { name: string; address: string }): string {
  const norm = (text: string) =>
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  return `${norm(party.name)}\n${norm(party.address)}`
}

/** "Lion City Exports Pte Ltd — 10 Anson Road": an entry as a picker lists it (the address's first line). */
export function partyLabel(party: { name: string; address: string }): string {
  const first = party.address.split(/\r?\n|,/)[0]?.trim() ?? ''
  return first ? `${party.name} — ${first}` : party.name
}

/** What a booking without a notify party says for it, on its page and in its documents (the bill's convention). */
export const NO_NOTIFY_PARTY = 'Same as consignee'

/** A party as pages and documents write it: name, address and contact, a line each. */
export function partyLines(party: { name: string; address: string; contact?: string | null | undefined }) {
  return [party.name, party.address, ...(party.contact ? [party.contact] : [])]
}

/**
 * A booking's notify party, in the same words on its page, its confirmation PDF and its house bill: the
 * party's lines, or "Same as consignee" when none was given.
 */
export function notifyPartyText(
  party: { name: string; address: string; contact?: string | null | undefined } | null | undefined,
): string {
  return party ? partyLines(party).join('\n') : NO_NOTIFY_PARTY
}
