import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { OfferPage } from '../../features/quotes/offer-page'
import { parseOfferSearch } from '../../features/quotes/offer-search'

const info = userPages['/user/confirm-quote']

export const Route = createFileRoute('/user/confirm-quote')({
  validateSearch: parseOfferSearch,
  head: () => headOf(info),
  component: () => {
    const search = Route.useSearch()
    return <OfferPage info={info} step="confirm" search={search} />
  },
})
