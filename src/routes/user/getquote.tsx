import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { OfferPage } from '../../features/quotes/offer-page'
import { parseOfferSearch } from '../../features/quotes/offer-search'

const info = userPages['/user/getquote']

export const Route = createFileRoute('/user/getquote')({
  validateSearch: parseOfferSearch,
  head: () => headOf(info),
  component: () => {
    const search = Route.useSearch()
    return <OfferPage info={info} step="services" search={search} />
  },
})
