import { teamPaths } from '../../contract/team'
import type { TeamActivityPage } from '../../contract/team-activity'
import type { ApiClient } from './client'

/** GET /api/team/activity: one page of the company's activity (Admins), of one person or everyone. */
export const listTeamActivity = (api: ApiClient, query: { user: number | null; page: number }) =>
  api<TeamActivityPage>(teamPaths.activity, {
    query: { page: String(query.page), ...(query.user === null ? {} : { user: String(query.user) }) },
  })
