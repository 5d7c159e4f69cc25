import { mayCall, type StaffOperation, type StaffRole } from '../../../contract/permissions'

/** The console's pages beyond its home, each shown to the roles that may call the operation it opens with. */
export const consoleDesks = [
  {
    to: '/staff/team',
    label: 'Team',
    operation: 'listStaff',
    about: 'Add staff, set their roles, deactivate them.',
  },
] as const satisfies readonly { to: string; label: string; operation: StaffOperation; about: string }[]

export const desksFor = (roles: readonly StaffRole[]) =>
  consoleDesks.filter((desk) => mayCall(roles, desk.operation))
