/**
 * Who may do what on the forwarder's side (issue 22): the staff roles, and for each staff operation the roles
 * that may call it. The server's staff gate finds the operation a request reaches and checks its roles before
 * the handler runs (server/staff/gate.ts); the console shows a desk only to the roles that may use it. One
 * table, read by both.
 */
import type { ConversationSubjectType } from './conversations'

export const staffRoles = ['admin', 'sales', 'operations', 'pricing', 'finance'] as const
export type StaffRole = (typeof staffRoles)[number]

export const staffRoleNames: Record<StaffRole, string> = {
  admin: 'Admin',
  sales: 'Sales',
  operations: 'Operations',
  pricing: 'Pricing',
  finance: 'Finance',
}

/** What each role is for, as the team page explains it. */
export const staffRoleDuties: Record<StaffRole, string> = {
  admin: 'Staff accounts, integration keys and the audit trail',
  sales: 'The quote desk: prices quote requests and answers customers',
  operations: 'Bookings, milestones and documents',
  pricing: 'Rate sheets',
  finance: 'Charges, tax invoices, credit notes, payments, bank statements and credit control',
}

/** Every staff operation (by OpenAPI operationId) and the roles that may call it; any one role suffices. */
export const staffPermissions = {
  // Every signed-in staff member: their own session.
  staffLogout: 'any',
  checkStaffSession: 'any',
  searchStaffLocations: 'any',
  // The team and the audit trail.
  listStaff: ['admin'],
  addStaff: ['admin'],
  updateStaff: ['admin'],
  deactivateStaff: ['admin'],
  resendStaffInvite: ['admin'],
  listAuditEvents: ['admin'],
  // Integration keys (docs/security.md, "Integration keys").
  listIntegrationKeys: ['admin'],
  createIntegrationKey: ['admin'],
  revokeIntegrationKey: ['admin'],
  // The sales desk.
  listQuoteRequests: ['sales'],
  getQuoteRequest: ['sales'],
  assignQuoteRequest: ['sales'],
  previewOffer: ['sales'],
  sendOffer: ['sales'],
  listFollowUps: ['sales'],
  // The operations desk (docs/operations-desk.md).
  listOpsBookings: ['operations'],
  getOpsBooking: ['operations'],
  confirmOpsBooking: ['operations'],
  postOpsMilestone: ['operations'],
  retractOpsEvent: ['operations'],
  holdOpsBooking: ['operations'],
  releaseOpsBooking: ['operations'],
  cancelOpsBooking: ['operations'],
  previewOpsDocument: ['operations'],
  reviewOpsDocument: ['operations'],
  requestOpsDocument: ['operations'],
  // The customer directory (docs/staff.md "The customer directory").
  listCustomers: ['admin', 'sales', 'operations', 'finance'],
  getCustomer: ['admin', 'sales', 'operations', 'finance'],
  resendCustomerActivation: ['admin', 'sales'],
  deactivateCustomerUser: ['admin'],
  reactivateCustomerUser: ['admin'],
  // The pricing desk (docs/pricing.md, "The pricing desk").
  listRateSheets: ['pricing'],
  getRateSheet: ['pricing', 'admin'],
  dryRunRateFile: ['pricing'],
  applyRateFile: ['pricing'],
  // The emission factors table (docs/emissions.md, "Updating the factors"): who may apply rate files.
  getEmissionFactors: ['pricing'],
  dryRunEmissionFactors: ['pricing'],
  applyEmissionFactors: ['pricing'],
  // Charges after booking (docs/invoices.md): operations and finance add them, the customer approves.
  listStaffBookingCharges: ['operations', 'finance'],
  addBookingCharge: ['operations', 'finance'],
  withdrawBookingCharge: ['operations', 'finance'],
  downloadStaffChargeAttachment: ['operations', 'finance'],
  // The finance desk (docs/invoices.md).
  listUninvoicedBookings: ['finance'],
  listWaitingCharges: ['finance', 'operations'],
  listStaffInvoices: ['finance'],
  getStaffInvoice: ['finance'],
  issueInvoice: ['finance'],
  issueCreditNote: ['finance'],
  downloadStaffInvoicePdf: ['finance'],
  exportInvoiceUbl: ['finance'],
  exportInvoiceJournal: ['finance'],
  getCustomerBilling: ['finance', 'admin'],
  updateCustomerBilling: ['finance'],
  // Payments, bank statements, statements of account, credit control (docs/payments.md).
  listPayments: ['finance'],
  getPayment: ['finance'],
  recordPayment: ['finance'],
  allocatePayment: ['finance'],
  reversePayment: ['finance'],
  refundPayment: ['finance'],
  uploadBankStatement: ['finance'],
  listBankLines: ['finance'],
  matchBankLine: ['finance'],
  ignoreBankLine: ['finance'],
  reopenBankLine: ['finance'],
  getStaffStatement: ['finance'],
  downloadStaffStatementPdf: ['finance'],
  listCreditHolds: ['finance', 'operations'],
  releaseCreditHold: ['finance'],
  // Conversations with customers (docs/conversations.md).
  getStaffConversation: ['admin', 'sales', 'operations'],
  postStaffMessage: ['admin', 'sales', 'operations'],
  getStaffUnreadCounts: ['admin', 'sales', 'operations'],
  listUnansweredConversations: ['admin', 'sales', 'operations'],
  markConversationHandled: ['admin', 'sales', 'operations'],
  streamStaffEvents: ['admin', 'sales', 'operations', 'finance'],
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

/** A route behind the staff session that is not in staffPermissions: refused, never let through. */
export const notStaffOperation = 'This operation is not open to staff.'

/**
 * The desk that answers each kind of conversation (docs/conversations.md): a quote's is the sales desk, a
 * booking's the operations desk. The roles that may open the desk count its conversations' unread messages; an
 * Admin, who oversees every desk, counts them all.
 */
export const conversationDesks = {
  quote: 'listQuoteRequests',
  booking: 'listOpsBookings',
} as const satisfies Record<ConversationSubjectType, StaffOperation>

/** The kinds of conversation whose unread messages someone holding `roles` counts. */
export function countedConversations(roles: readonly StaffRole[]): ConversationSubjectType[] {
  const kinds = Object.keys(conversationDesks) as ConversationSubjectType[]
  if (roles.includes('admin')) return kinds
  return kinds.filter((kind) => mayCall(roles, conversationDesks[kind]))
}

// ---- Integration keys (issue 23) ------------------------------------------------------------------------

/**
 * What a named integration key may do (docs/security.md, "Integration keys"): an admin gives each key the
 * scopes its integration needs. OPS_API_KEY, the bootstrap key of a fresh install, holds them all.
 */
export const keyScopes = ['events:write', 'documents:review', 'bookings:confirm', 'rates:write'] as const
export type KeyScope = (typeof keyScopes)[number]

/**
 * Every operation behind `X-API-Key` (the OpenAPI `opsApiKey` scheme; by operationId) and the scope a named key
 * needs for it. `addStaff` is not here: only the bootstrap key adds staff without an admin's session. A test
 * walks the OpenAPI document: every opsApiKey operation but addStaff is in the table, and it names no other.
 */
export const keyScopeOf = {
  postTrackingEvents: 'events:write',
  confirmBooking: 'bookings:confirm',
  requestDocument: 'documents:review',
  reviewDocument: 'documents:review',
  listBookingDocumentsForOps: 'documents:review',
  opsDryRunRateFile: 'rates:write',
  opsApplyRateFile: 'rates:write',
  exportRateFile: 'rates:write',
} as const satisfies Record<string, KeyScope>

export type KeyOperation = keyof typeof keyScopeOf
