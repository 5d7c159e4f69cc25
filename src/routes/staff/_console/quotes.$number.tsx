import { createFileRoute } from '@tanstack/react-router'
import { QuoteRequestPage } from '../../../features/staff/quote-request-page'

export const Route = createFileRoute('/staff/_console/quotes/$number')({
  head: ({ params }) => ({ meta: [{ title: `${params.number} | Sales desk | eShip staff` }] }),
  component: QuoteRequestRoute,
})

function QuoteRequestRoute() {
  const { number } = Route.useParams()
  // A new number starts the page's chart afresh.
  return <QuoteRequestPage key={number} number={number} />
}
