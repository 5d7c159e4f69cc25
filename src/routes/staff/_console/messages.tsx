import { createFileRoute } from '@tanstack/react-router'
import { MessagesPage } from '../../../features/staff/messages-page'

export const Route = createFileRoute('/staff/_console/messages')({
  head: () => ({ meta: [{ title: 'Messages | eShip staff' }] }),
  component: MessagesPage,
})
