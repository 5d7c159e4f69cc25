import { createFileRoute } from '@tanstack/react-router'
import { StaffSetPasswordPage } from '../../features/staff/set-password-page'

/** /staff/set-password?token=…: the page a staff invitation's link opens. */
export const Route = createFileRoute('/staff/set-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: () => ({
    meta: [{ title: 'Set your password | eShip staff' }, { name: 'robots', content: 'noindex' }],
  }),
  component: SetPasswordRoute,
})

function SetPasswordRoute() {
  const { token } = Route.useSearch()
  return <StaffSetPasswordPage token={token ?? ''} />
}
