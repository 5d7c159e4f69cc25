import type { PartiesResponse, PartyResponse, SavedParty, SavedPartyInput } from '../../contract/parties'
import type { MessageResponse } from '../../contract/wire'
import type { ApiClient } from './client'

/** The company's address book (/api/parties), most recently used first. */
export const listParties = (api: ApiClient): Promise<SavedParty[]> =>
  api<PartiesResponse>('/api/parties', { headers: { 'X-Skip-Loader': 'true' } }).then((r) => r.parties)

/** Adds a party (the same name and address again updates its entry). */
export const createParty = (api: ApiClient, party: SavedPartyInput): Promise<SavedParty> =>
  api<PartyResponse>('/api/parties', { method: 'POST', body: party }).then((r) => r.party)

export const updateParty = (api: ApiClient, id: number, party: SavedPartyInput): Promise<SavedParty> =>
  api<PartyResponse>(`/api/parties/${id}`, { method: 'PUT', body: party }).then((r) => r.party)

export const deleteParty = (api: ApiClient, id: number) =>
  api<MessageResponse>(`/api/parties/${id}`, { method: 'DELETE' })
