/**
 * The team's activity (/user/team/activity, docs/teams.md): the company's own audit rows as its Admins read
 * them, newest first, a page at a time and filtered by person. Shared by the activity page's chart and the
 * server's query.
 */
import { z } from 'zod'

/** GET /api/team/activity?user=&page=: the company's own audit rows, newest first, 50 a page. */
export const teamActivityQuerySchema = z.object({
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
})
export const TEAM_ACTIVITY_PAGE_SIZE = 50

/** One row of /user/team/activity. */
export interface TeamActivityEntry {
  id: string
  at: string
  /** Who did it (the user's name; the audit row's label when the user is gone). */
  actor: string
  actorUserId: number | null
  /** The audit action, e.g. `booking.confirmed`, and a sentence for it. */
  action: string
  summary: string
  recordType: string
  recordId: string
  /** The customer's page of the record, when there is one (a document's is its booking's). */
  link: TeamActivityLink | null
}

/** Where an activity row links to: a quote or booking page, or My Team. */
export type TeamActivityLink = { page: 'quote' | 'booking'; number: string } | { page: 'team' }

/** Someone the activity can be filtered by: every user the company has had. */
export interface TeamActivityPerson {
  id: number
  name: string
}

export interface TeamActivityPage {
  entries: TeamActivityEntry[]
  page: number
  pageCount: number
  /** Rows in all pages (of the person, when filtered). */
  total: number
  /** The company's users, by name, for the filter by person. */
  people: TeamActivityPerson[]
}
