import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { parseTrackingSearch } from '../../features/tracking/search'
import { TrackingPage } from '../../features/tracking/tracking-page'

const info = userPages['/user/tracking']

export const Route = createFileRoute('/user/tracking')({
  validateSearch: parseTrackingSearch,
  head: () => headOf(info),
  component: () => {
    const search = Route.useSearch()
    return <TrackingPage info={info} search={search} />
  },
})
