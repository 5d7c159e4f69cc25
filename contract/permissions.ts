/**
 * Who may do what on the forwarder's side (issue 22): the staff roles, and for each staff operation the roles
 * that may call it. The server checks an operation's roles before its handler runs (server/staff/session.ts);
 * the console shows a desk only to the roles that may use it. One table, read by both.
 */

export const staffRoles = ['admin', 'sales', 'operations', 'pricing'] as const
export type StaffRole = (typeof staffRoles)[number]

export const staffRoleNames: Record<StaffRole, string> = {
  admin: 'Admin',
  sales: 'Sales',
  operations: 'Operations',
  pricing: 'Pricing',
}

/** What each role is for, as the team page explains it. */
export const staffRoleDuties: Record<StaffRole, string> = {
  admin: 'Staff accounts, integration keys and the audit trail',
  sales: 'The quote desk: prices quote requests and answers customers',
  operations: 'Bookings, milestones and documents',
  pricing: 'Rate sheets',
}

/** Every staff operation (by OpenAPI operationId) and the roles that may call it; any one role suffices. */
export const staffPermissions = {
  // Every signed-in staff member: their own session.
  staffLogout: 'any',
  checkStaffSession: 'any',
  // The team and the audit trail.
  listStaff: ['admin'],
  addStaff: ['admin'],
  updateStaff: ['admin'],
  deactivateStaff: ['admin'],
  resendStaffInvite: ['admin'],
  listAuditEvents: ['admin'],
  // The sales desk.
  listQuoteRequests: ['sales'],
  getQuoteRequest: ['sales'],
  assignQuoteRequest: ['sales'],
  previewOffer: ['sales'],
  sendOffer: ['sales'],
  listFollowUps: ['sales'],
  // Conversations with customers (docs/conversations.md).
  getStaffConversation: ['admin', 'sales', 'operations'],
  postStaffMessage: ['admin', 'sales', 'operations'],
  getStaffUnreadCounts: ['admin', 'sales', 'operations'],
  streamStaffEvents: ['admin', 'sales', 'operations'],
} as const satisfies Record<string, readonly StaffRole[] | 'any'>

export type StaffOperation = keyof typeof staffPermissions

/** Whether someone holding `roles` may call `operation`. */
export function mayCall(roles: readonly StaffRole[], operation: StaffOperation): boolean {
  const allowed: readonly StaffRole[] | 'any' = staffPermissions[operation]
  return allowed === 'any' || allowed.some((role) => roles.includes(role))
}

/** The role by which a holder of `roles` calls `operation`: the first allowed one they hold (the audit's role). */
export function actingRole(roles: readonly StaffRole[], operation: StaffOperation): StaffRole | undefined {
  const allowed: readonly StaffRole[] | 'any' = staffPermissions[operation]
  if (allowed === 'any') return roles[0]
  return allowed.find((role) => roles.includes(role))
}

/** The refusal of an operation the roles do not allow. */
export function forbiddenMessage(operation: StaffOperation): string {
  const allowed: readonly StaffRole[] | 'any' = staffPermissions[operation]
  if (allowed === 'any') return 'Forbidden.'
  const names = allowed.map((role) => staffRoleNames[role])
  return `This needs the ${names.join(' or ')} role.`
}
