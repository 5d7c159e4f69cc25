import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { parseQuoteSearch } from '../../app/quote-search'
import { Dashboard } from '../../features/dashboard/dashboard'
import { QuoteForm } from '../../features/quotes/quote-form'

const info = userPages['/user/home']

export const Route = createFileRoute('/user/home')({
  validateSearch: parseQuoteSearch,
  head: () => headOf(info),
  component: UserHome,
})

/** The personalised dashboard with the quote form in it. */
function UserHome() {
  const search = Route.useSearch()
  return (
    <article>
      <h1>{info.heading}</h1>
      <Dashboard quoteForm={<QuoteForm search={search} />} />
    </article>
  )
}
