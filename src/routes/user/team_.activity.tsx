import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { TeamActivityPage } from '../../features/team/activity-page'

const info = userPages['/user/team/activity']

/** /user/team/activity: the company's activity for its Admins; beside /user/team rather than inside it. */
export const Route = createFileRoute('/user/team_/activity')({
  head: () => headOf(info),
  component: () => <TeamActivityPage info={info} />,
})
