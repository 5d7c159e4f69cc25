import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { ContentReady } from '../../app/hydration'
import { ConsoleShell } from '../../features/staff/console-shell'

/** The staff console's pages: its own layout, only with a staff session (else /staff/login). */
export const Route = createFileRoute('/staff/_console')({
  beforeLoad: async () => {
    // The console's code loads here, never with the routes every page loads.
    const { isStaffSignedIn, staffConsole } = await import('../../features/staff/console')
    if (!isStaffSignedIn(staffConsole().session)) throw redirect({ to: '/staff/login', replace: true })
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: () => (
    <ConsoleShell>
      <Outlet />
      <ContentReady />
    </ConsoleShell>
  ),
})
