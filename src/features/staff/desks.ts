import { mayCall, type StaffOperation, type StaffRole } from '../../../contract/permissions'

/** The console's pages beyond its home, each shown to the roles that may call the operation it opens with. */
export const consoleDesks = [
  {
    to: '/staff/team',
    label: 'Team',
    operation: 'listStaff',
    about: 'Add staff, set their roles, deactivate them.',
  },
  {
    to: '/staff/audit',
    label: 'Audit trail',
    operation: 'listAuditEvents',
    about: 'Who did what, when and from where: every staff action and every customer change.',
  },
  {
    to: '/staff/quotes',
    label: 'Sales desk',
    operation: 'listQuoteRequests',
    about: 'Answer quote requests with offers, and follow up quotes about to expire.',
  },
  {
    to: '/staff/messages',
    label: 'Messages',
    operation: 'getStaffUnreadCounts',
    about: 'Customers’ messages about quotes and bookings not answered yet.',
  },
] as const satisfies readonly { to: string; label: string; operation: StaffOperation; about: string }[]

export const desksFor = (roles: readonly StaffRole[]) =>
  consoleDesks.filter((desk) => mayCall(roles, desk.operation))
