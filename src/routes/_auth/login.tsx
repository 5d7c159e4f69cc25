import { createFileRoute, redirect } from '@tanstack/react-router'
import { isSignedInHere } from '../../app/app-context'
import { headOf, publicPages } from '../../app/pages'
import { LoginPage } from '../../features/login/login-page'

const info = publicPages['/login']

/** /login: a signed-in user goes on to /user/home. */
export const Route = createFileRoute('/_auth/login')({
  beforeLoad: ({ context }) => {
    if (isSignedInHere(context)) throw redirect({ to: '/user/home', replace: true })
  },
  // ?forgot=1 (the link in the mail to an address that tried to register again) opens Forgot Password.
  validateSearch: (search: Record<string, unknown>): { forgot?: boolean } =>
    search.forgot === 1 || search.forgot === '1' || search.forgot === true ? { forgot: true } : {},
  head: () => headOf(info),
  component: LoginRoute,
})

function LoginRoute() {
  const { forgot } = Route.useSearch()
  return <LoginPage info={info} openForgotPassword={forgot === true} />
}
