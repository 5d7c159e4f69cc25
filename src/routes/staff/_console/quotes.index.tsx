import { createFileRoute } from '@tanstack/react-router'
import { SalesQueuePage } from '../../../features/staff/sales-queue-page'

export const Route = createFileRoute('/staff/_console/quotes/')({
  head: () => ({ meta: [{ title: 'Sales desk | eShip staff' }] }),
  component: SalesQueuePage,
})
