import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { isSignedIn } from '../../app/actors'
import { UserShell } from '../../components/layout/user-shell'

/** The logged-in area: top bar and side menu, only with a session (else /login). */
export const Route = createFileRoute('/user')({
  beforeLoad: ({ context }) => {
    if (!isSignedIn(context.session)) throw redirect({ to: '/login', replace: true })
  },
  component: () => (
    <UserShell>
      <Outlet />
    </UserShell>
  ),
})
