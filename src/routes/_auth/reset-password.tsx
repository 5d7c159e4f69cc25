import { createFileRoute } from '@tanstack/react-router'
import { withActors } from '../../app/app-context'
import { headOf } from '../../app/pages'
import { ResetPasswordPage } from '../../features/reset-password/reset-password-page'

const info = {
  title: 'Reset Password',
  heading: 'Reset Password',
  description: 'Set a new password for your eShip account.',
}

/** /reset-password?token=…: the page the emailed reset link opens. */
export const Route = createFileRoute('/_auth/reset-password')({
  beforeLoad: withActors,
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: () => ({ meta: [...headOf(info).meta, { name: 'robots', content: 'noindex' }] }),
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { token } = Route.useSearch()
  return <ResetPasswordPage token={token ?? ''} />
}
