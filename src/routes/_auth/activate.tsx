import { createFileRoute } from '@tanstack/react-router'
import { withActors } from '../../app/app-context'
import { headOf } from '../../app/pages'
import { ActivationPage } from '../../features/activation/activation-page'

const info = {
  title: 'Account Activation',
  heading: 'Account Activation',
  description: 'Activate your eShip account.',
}

/** /activate?token=…: the page the emailed activation link opens. */
export const Route = createFileRoute('/_auth/activate')({
  beforeLoad: withActors,
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: () => ({ meta: [...headOf(info).meta, { name: 'robots', content: 'noindex' }] }),
  component: ActivationRoute,
})

function ActivationRoute() {
  const { token } = Route.useSearch()
  return <ActivationPage token={token ?? ''} />
}
