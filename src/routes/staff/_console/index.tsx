import { createFileRoute } from '@tanstack/react-router'
import { ConsoleHome } from '../../../features/staff/console-home'

export const Route = createFileRoute('/staff/_console/')({
  head: () => ({ meta: [{ title: 'Staff console | eShip' }] }),
  component: ConsoleHome,
})
