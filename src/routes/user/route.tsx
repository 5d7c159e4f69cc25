import { createFileRoute, Outlet } from '@tanstack/react-router'
import { UserShell } from '../../components/layout/user-shell'

/** The logged-in area: top bar and side menu. */
export const Route = createFileRoute('/user')({
  component: () => (
    <UserShell>
      <Outlet />
    </UserShell>
  ),
})
