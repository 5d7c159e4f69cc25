import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { parseQuoteSearch } from '../../app/quote-search'
import { RegisterPage } from '../../features/register/register-page'

const info = publicPages['/register']

export const Route = createFileRoute('/_auth/register')({
  // GET QUOTE on the home page carries the quote the visitor started: shown while they register.
  validateSearch: parseQuoteSearch,
  head: () => headOf(info),
  component: RegisterRoute,
})

function RegisterRoute() {
  // A route's search also holds the raw query params its validator left out: read the quote from it again.
  return <RegisterPage info={info} quote={parseQuoteSearch(Route.useSearch())} />
}
