import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { headOf, userPages } from '../../app/pages'
import { parseQuoteSearch } from '../../app/quote-search'
import { useApp } from '../../app/use-app'
import { Dashboard } from '../../features/dashboard/dashboard'
import { QuoteForm } from '../../features/quotes/quote-form'

const info = userPages['/user/home']

export const Route = createFileRoute('/user/home')({
  validateSearch: parseQuoteSearch,
  head: () => headOf(info),
  component: UserHome,
})

/** The personalised dashboard with the quote form in it; the greeting is the session's user, known at once. */
function UserHome() {
  const search = Route.useSearch()
  const { session } = useApp()
  const user = useSelector(session, (s) => s.context.user)
  return (
    <article>
      <h1>{info.heading}</h1>
      <Dashboard
        quoteForm={<QuoteForm search={search} />}
        user={user ? { name: user.esus_name, company: user.esus_company_name } : null}
      />
    </article>
  )
}
