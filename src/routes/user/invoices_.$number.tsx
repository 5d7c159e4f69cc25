import { createFileRoute } from '@tanstack/react-router'
import { headOf } from '../../app/pages'
import { InvoicePage } from '../../features/invoices/invoice-page'

/** One invoice or credit note; beside /user/invoices rather than inside it, so the list is not its layout. */
export const Route = createFileRoute('/user/invoices_/$number')({
  head: ({ params }) =>
    headOf({ title: params.number, heading: params.number, description: 'Your invoice or credit note.' }),
  component: () => {
    const { number } = Route.useParams()
    // A new number is a new page: its own chart, not the previous document's.
    return <InvoicePage key={number} number={number} />
  },
})
