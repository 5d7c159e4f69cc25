/**
 * The query of /user/invoices as the route keeps it: plain strings. This file is in the router's tree, which
 * every page loads, so it imports nothing; the page reads the strings into filters (./filters.ts).
 */

export interface InvoicesSearch {
  kind?: string
  state?: string
  period?: string
  q?: string
  /** The statement of account's tab. */
  view?: 'statement'
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : undefined

/** The query's strings, empty ones left out. */
export function parseInvoicesSearch(search: Record<string, unknown>): InvoicesSearch {
  const kind = text(search.kind, 20)
  const state = text(search.state, 20)
  const period = text(search.period, 20)
  const q = text(search.q, 40)
  return {
    ...(search.view === 'statement' ? { view: 'statement' as const } : {}),
    ...(kind ? { kind } : {}),
    ...(state ? { state } : {}),
    ...(period ? { period } : {}),
    ...(q ? { q } : {}),
  }
}
