import { createFileRoute } from '@tanstack/react-router'
import { withActors } from '../../app/app-context'
import { headOf, linkPages } from '../../app/pages'
import { JoinPage } from '../../features/team/join-page'

const info = linkPages['/join']

/** /join?token=…: the page an invitation mail links to (contract/team.ts `invitationPagePath`). */
export const Route = createFileRoute('/_auth/join')({
  beforeLoad: withActors,
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: () => ({ meta: [...headOf(info).meta, { name: 'robots', content: 'noindex' }] }),
  component: JoinRoute,
})

function JoinRoute() {
  const { token } = Route.useSearch()
  return <JoinPage info={info} token={token ?? ''} />
}
