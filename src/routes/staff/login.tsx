import { createFileRoute, redirect } from '@tanstack/react-router'
import { StaffSignInPage } from '../../features/staff/sign-in-page'

/** /staff/login: the staff sign-in (issue 22); a signed-in staff member goes to the console. */
export const Route = createFileRoute('/staff/login')({
  beforeLoad: async () => {
    // The console's code loads here, never with the routes every page loads.
    const { isStaffSignedIn, staffConsole } = await import('../../features/staff/console')
    if (isStaffSignedIn(staffConsole().session)) throw redirect({ to: '/staff', replace: true })
  },
  head: () => ({ meta: [{ title: 'Staff sign-in | eShip' }, { name: 'robots', content: 'noindex' }] }),
  component: StaffSignInPage,
})
