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
    to: '/staff/keys',
    label: 'Integration keys',
    operation: 'listIntegrationKeys',
    about: 'Make and revoke the keys carrier feeds and other systems call the operations API with.',
  },
  {
    to: '/staff/quotes',
    label: 'Sales desk',
    operation: 'listQuoteRequests',
    about: 'Answer quote requests with offers, and follow up quotes about to expire.',
  },
  {
    to: '/staff/bookings',
    label: 'Operations desk',
    operation: 'listOpsBookings',
    about: 'Confirm bookings, post milestones, review documents, hold, release or cancel.',
  },
  {
    to: '/staff/rates',
    label: 'Pricing desk',
    operation: 'listRateSheets',
    about: 'The rate sheets in force, and a carrier’s rate file checked in a dry run, then applied.',
  },
  {
    to: '/staff/rates/emissions',
    label: 'Emission factors',
    operation: 'getEmissionFactors',
    about: 'The factors emissions are counted with: a new version checked in a dry run, then applied.',
  },
  {
    to: '/staff/messages',
    label: 'Messages',
    operation: 'listUnansweredConversations',
    about:
      'Customers’ messages about quotes and bookings not answered yet, until answered or marked handled.',
  },
  {
    to: '/staff/finance',
    label: 'Finance desk',
    operation: 'listUninvoicedBookings',
    about: 'Issue tax invoices and credit notes, follow changes waiting on customers, export the journal.',
  },
  {
    to: '/staff/customers',
    label: 'Customers',
    operation: 'listCustomers',
    about: 'Find a company, see its users, quotes, bookings and conversations; manage its users’ access.',
  },
] as const satisfies readonly { to: string; label: string; operation: StaffOperation; about: string }[]

export const desksFor = (roles: readonly StaffRole[]) =>
  consoleDesks.filter((desk) => mayCall(roles, desk.operation))
