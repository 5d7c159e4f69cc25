import { createFileRoute } from '@tanstack/react-router'
import { withActors } from '../../app/app-context'
import { headOf } from '../../app/pages'
import { ReleaseSessionPage } from '../../features/release-session/release-session-page'

const info = {
  title: 'End the Other Session',
  heading: 'End the Other Session',
  description: 'End the session of your eShip account on another device.',
}

/** /release-session?token=…: the page the mailed link opens when another device holds the session. */
export const Route = createFileRoute('/_auth/release-session')({
  beforeLoad: withActors,
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: () => ({ meta: [...headOf(info).meta, { name: 'robots', content: 'noindex' }] }),
  component: ReleaseSessionRoute,
})

function ReleaseSessionRoute() {
  const { token } = Route.useSearch()
  return <ReleaseSessionPage token={token ?? ''} />
}
