import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { TeamPage } from '../../features/team/team-page'

const info = userPages['/user/team']

/** /user/team: every role sees the team; an Admin manages it. (Its activity is /user/team/activity.) */
export const Route = createFileRoute('/user/team')({
  head: () => headOf(info),
  component: () => <TeamPage info={info} />,
})
