import { createFileRoute, redirect } from '@tanstack/react-router'
import { isSignedIn } from '../../app/actors'
import { headOf, publicPages } from '../../app/pages'
import { LoginPage } from '../../features/login/login-page'

const info = publicPages['/login']

/** /login: a signed-in user goes on to /user/home. */
export const Route = createFileRoute('/_auth/login')({
  beforeLoad: ({ context }) => {
    if (isSignedIn(context.session)) throw redirect({ to: '/user/home', replace: true })
  },
  head: () => headOf(info),
  component: () => <LoginPage info={info} />,
})
