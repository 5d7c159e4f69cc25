import { createFileRoute } from '@tanstack/react-router'
import { TeamPage } from '../../../features/staff/team-page'

export const Route = createFileRoute('/staff/_console/team')({
  head: () => ({ meta: [{ title: 'Team | eShip staff' }] }),
  component: TeamPage,
})
