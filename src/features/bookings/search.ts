/**
 * The query of /user/bookings as the route keeps it: plain strings. This file is in the router's tree, which
 * every page loads, so it imports nothing; the page reads the strings into filters (./filters.ts).
 */

export interface BookingsSearch {
  status?: string
  mode?: string
  q?: string
  /** `mine`: only the signed-in user's bookings (Mine / Everyone); absent: the company's. */
  whose?: 'mine'
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : undefined

/** The query's strings, empty ones left out. */
export function parseBookingsSearch(search: Record<string, unknown>): BookingsSearch {
  const status = text(search.status, 40)
  const mode = text(search.mode, 10)
  const q = text(search.q, 100)
  const mine = search.whose === 'mine'
  return {
    ...(status ? { status } : {}),
    ...(mode ? { mode } : {}),
    ...(q ? { q } : {}),
    ...(mine ? { whose: 'mine' as const } : {}),
  }
}
