import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { isSignedIn } from '../../app/app-context'
import { ContentReady } from '../../app/hydration'
import { UserShell } from '../../components/layout/user-shell'

/** The logged-in area: top bar and side menu, only with a session (else /login). */
export const Route = createFileRoute('/user')({
  beforeLoad: async ({ context }) => {
    const { session } = await context.ready()
    if (!isSignedIn(session)) throw redirect({ to: '/login', replace: true })
  },
  component: () => (
    <UserShell>
      <Outlet />
      <ContentReady />
    </UserShell>
  ),
})
