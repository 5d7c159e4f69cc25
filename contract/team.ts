/**
 * A company account is a team (issue 24, docs/teams.md): the roles a company's users hold, what each role may
 * call, the invitation and join-request lifecycles, and the team API's shapes and messages (its activity's are
 * team-activity.ts). One source for the browser's forms and views and the server's checks.
 */
import { z } from 'zod'
import {
  accountFields,
  basicEmailPattern,
  limits,
  matchRule,
  newPasswordFields,
  passwordsMatch,
  ruleMessages,
} from './rules'
import { safeString } from './text'

// ---- Roles ------------------------------------------------------------------------------------------------

export const companyRoles = ['admin', 'member', 'viewer'] as const
export type CompanyRole = (typeof companyRoles)[number]

export const companyRoleNames: Record<CompanyRole, string> = {
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
}

/** What each role is for, as My Team explains it. */
export const companyRoleDuties: Record<CompanyRole, string> = {
  admin: "Everything, including the team and the company's details",
  member: 'Quotes, bookings, documents and messages',
  viewer: 'Reads quotes, bookings, documents and tracking; changes nothing',
}

/** The roles a join request may be approved with: an Admin is made by a role change, knowingly. */
export const joinRoles = ['member', 'viewer'] as const
export type JoinRole = (typeof joinRoles)[number]

/**
 * What a customer operation needs, by the least role:
 * - `viewer`: reads; every role may call it.
 * - `self`: every role may call it, and it changes only the person's own account (their session, password,
 *   notification settings, their own name and phone). My Profile's company details are the Admin's: the
 *   profile route refuses a change of them by anyone else (`companyDetailsFields`).
 * - `member`: changes the company's quotes, bookings, documents, address book or conversations.
 * - `admin`: the team and its activity.
 */
export type CustomerAccess = 'viewer' | 'self' | 'member' | 'admin'

/**
 * Every operation behind a customer's session (the OpenAPI `bearerAuth` scheme, by operationId) and what it
 * needs. The server checks it before the handler (server/auth/session.ts); an operation missing here is
 * refused, and a test walks the OpenAPI document against the table both ways.
 */
export const customerPermissions = {
  // The session.
  logout: 'self',
  checkSession: 'viewer',
  streamEvents: 'viewer',
  // Quotes.
  searchLocations: 'viewer',
  listQuotes: 'viewer',
  getQuote: 'viewer',
  createQuote: 'member',
  priceQuoteServices: 'member',
  confirmQuote: 'member',
  requoteQuote: 'member',
  declineOffer: 'member',
  requestManualQuote: 'member',
  // The address book.
  listParties: 'viewer',
  createParty: 'member',
  updateParty: 'member',
  deleteParty: 'member',
  // Bookings, documents and tracking.
  listBookings: 'viewer',
  getBooking: 'viewer',
  getBookingConfirmation: 'viewer',
  cancelBooking: 'member',
  listDocuments: 'viewer',
  downloadDocument: 'viewer',
  uploadDocument: 'member',
  trackShipment: 'viewer',
  getDashboard: 'viewer',
  // Conversations: reading one moves only the reader's own read mark.
  getUnreadCounts: 'viewer',
  getConversation: 'viewer',
  postMessage: 'member',
  // Charges and invoices (docs/invoices.md): anyone reads; Members and Admins answer change requests.
  listBookingCharges: 'viewer',
  listPendingCharges: 'viewer',
  decideCharge: 'member',
  downloadChargeAttachment: 'viewer',
  listInvoices: 'viewer',
  getInvoice: 'viewer',
  downloadInvoicePdf: 'viewer',
  // Payments and reminders (docs/payments.md): anyone reads the statement; the Admin names a billing contact.
  getStatement: 'viewer',
  downloadStatementPdf: 'viewer',
  // The emissions report (docs/emissions.md): anyone reads it.
  getEmissionsReport: 'viewer',
  downloadEmissionsCsv: 'viewer',
  downloadEmissionsPdf: 'viewer',
  getBillingContact: 'viewer',
  updateBillingContact: 'admin',
  // My Profile.
  getProfile: 'viewer',
  updateProfile: 'self',
  changePassword: 'self',
  updateNotificationSettings: 'self',
  // My Team.
  getTeam: 'viewer',
  inviteTeamMember: 'admin',
  resendTeamInvitation: 'admin',
  revokeTeamInvitation: 'admin',
  changeTeamRole: 'admin',
  deactivateTeamMember: 'admin',
  reactivateTeamMember: 'admin',
  approveJoinRequest: 'admin',
  declineJoinRequest: 'admin',
  listTeamActivity: 'admin',
} as const satisfies Record<string, CustomerAccess>

export type CustomerOperation = keyof typeof customerPermissions

const rank: Record<CompanyRole, number> = { viewer: 0, member: 1, admin: 2 }
const needs: Record<CustomerAccess, CompanyRole> = {
  viewer: 'viewer',
  self: 'viewer',
  member: 'member',
  admin: 'admin',
}

/** Whether a user holding `role` in their company may call `operation`. */
export function customerMayCall(role: CompanyRole, operation: CustomerOperation): boolean {
  return rank[role] >= rank[needs[customerPermissions[operation]]]
}

/** The answer's message when the role does not allow the operation (403). */
export function customerForbiddenMessage(role: CompanyRole): string {
  return role === 'viewer' ? teamMessages.viewerForbidden : teamMessages.adminOnly
}

/** What the views draw: a Viewer sees no action that changes something; only an Admin manages the team. */
export const mayChange = (role: CompanyRole | undefined) => role === 'admin' || role === 'member'
export const mayManageTeam = (role: CompanyRole | undefined) => role === 'admin'

/**
 * My Profile's fields that are the company's, not the person's: only an Admin changes them (and the change
 * reaches every colleague's profile); anyone's own name and phone are their own.
 */
export const companyDetailsFields = ['esus_company_name', 'esus_mcou', 'esus_address1'] as const

// ---- Messages ---------------------------------------------------------------------------------------------

export const teamMessages = {
  viewerForbidden:
    "You have the Viewer role in your company's account: you can see its quotes, bookings and documents but not change them. Ask an Admin of your company for the Member role.",
  adminOnly: 'Only an Admin of your company can do this.',
  /** A route behind the customer's session that is not in customerPermissions: refused, never let through. */
  notCustomerOperation: 'This operation is not open to customers.',
  companyDetailsAdminOnly: "Only an Admin of your company can change the company's details.",
  /** The line a Viewer reads where a Member would find an action (a form, a button). */
  viewerReadsOnly: "You have the Viewer role in your company's account: you can read this but not change it.",
  /** My Profile, for a Member or Viewer, above the company's details shown read-only. */
  companyDetailsManaged: "Your company's Admins manage these details.",
  invited: 'Invitation sent.',
  resent: 'Invitation sent again. The earlier link no longer works.',
  revoked: 'Invitation withdrawn.',
  roleChanged: 'Role changed.',
  deactivated: 'Deactivated: their sessions have ended.',
  reactivated: 'Reactivated: they can log in again.',
  approved: 'Request approved: they have been mailed a link to activate their account.',
  declined: 'Request declined.',
  emailTaken: 'This email already has an account.',
  alreadyInvited: 'This email already has an open invitation: send it again from the list.',
  lastAdmin: 'Your company must keep at least one active Admin.',
  notYourself: 'You cannot deactivate yourself.',
  deactivatedByForwarder: 'This user was deactivated by eShip. Please contact us to restore their access.',
  notFound: 'Not found.',
  roleRequired: 'Choose a role.',
  /** A transition the record's state does not allow (409): it changed since the page was read. */
  stale: 'This has changed since the page was loaded. Reload to see it as it is now.',
  invitationInvalid: 'This invitation link is invalid.',
  invitationExpired: 'This invitation has expired. Ask an Admin of your company to send a new one.',
  invitationRevoked: 'This invitation has been withdrawn. Ask an Admin of your company if you need access.',
  invitationUsed: 'This invitation has already been used. Please log in.',
  invitationOtherEmail: 'This invitation is for another email address.',
  invitationEmailTaken: 'This email already has an account. Please log in.',
  /** Login of a user whose request to join is still with the company's Admins. */
  joinPending: "Your request to join your company's account is waiting for its Admins' approval.",
} as const

// ---- Lifecycles -------------------------------------------------------------------------------------------

/** An invitation as My Team shows it. */
export type InvitationStatus = 'Invited' | 'Expired' | 'Revoked' | 'Accepted'
export type InvitationEvent = 'resend' | 'revoke' | 'accept'

/** The invitation's chart: what each event may do from each state (the server answers 409 otherwise). */
export const invitationTransitions: Record<
  InvitationStatus,
  Partial<Record<InvitationEvent, InvitationStatus>>
> = {
  Invited: { resend: 'Invited', revoke: 'Revoked', accept: 'Accepted' },
  Expired: { resend: 'Invited', revoke: 'Revoked' },
  Revoked: {},
  Accepted: {},
}

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export function invitationStatus(
  row: { revoked_at: Date | string | null; accepted_at: Date | string | null; expires_at: Date | string },
  now: Date,
): InvitationStatus {
  if (row.accepted_at) return 'Accepted'
  if (row.revoked_at) return 'Revoked'
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'Expired' : 'Invited'
}

export type JoinRequestStatus = 'Pending' | 'Approved' | 'Declined'
export type JoinRequestEvent = 'approve' | 'decline'

export const joinRequestTransitions: Record<
  JoinRequestStatus,
  Partial<Record<JoinRequestEvent, JoinRequestStatus>>
> = {
  Pending: { approve: 'Approved', decline: 'Declined' },
  Approved: {},
  Declined: {},
}

/**
 * A member as My Team shows them: Active once they can log in; Deactivated by an Admin (or the forwarder);
 * Awaiting activation after an Admin approved their request to join, until they use the mailed link.
 */
export type MemberStatus = 'Active' | 'Deactivated' | 'Awaiting activation'
export type MemberEvent = 'changeRole' | 'deactivate' | 'reactivate'

export const memberTransitions: Record<MemberStatus, Partial<Record<MemberEvent, MemberStatus>>> = {
  Active: { changeRole: 'Active', deactivate: 'Deactivated' },
  Deactivated: { changeRole: 'Deactivated', reactivate: 'Active' },
  /** An approved join request whose person has not used the activation link yet. */
  'Awaiting activation': { changeRole: 'Awaiting activation', deactivate: 'Deactivated' },
}

/** The state an event leads to from `state`, or undefined when the chart does not allow it. */
export function nextState<S extends string, E extends string>(
  chart: Record<S, Partial<Record<E, S>>>,
  state: S,
  event: E,
): S | undefined {
  return chart[state][event]
}

/**
 * Whether a company keeps an active Admin after one of its members changes: `members` as they are, `change`
 * the member's id with their role and activity after it. The rule the server enforces (409 `lastAdmin`) and
 * the view uses to disable what would break it.
 */
export function keepsAnAdmin(
  members: readonly { id: number; role: CompanyRole; status: MemberStatus }[],
  change: { id: number; role: CompanyRole; status: MemberStatus },
): boolean {
  return members
    .map((member) => (member.id === change.id ? { ...member, ...change } : member))
    .some((member) => member.role === 'admin' && member.status === 'Active')
}

// ---- Paths and shapes -------------------------------------------------------------------------------------

export const teamPaths = {
  team: '/api/team',
  invitations: '/api/team/invitations',
  invitation: (id: number) => `/api/team/invitations/${id}`,
  resendInvitation: (id: number) => `/api/team/invitations/${id}/resend`,
  memberRole: (id: number) => `/api/team/members/${id}/role`,
  deactivate: (id: number) => `/api/team/members/${id}/deactivate`,
  reactivate: (id: number) => `/api/team/members/${id}/reactivate`,
  approveJoin: (id: number) => `/api/team/join-requests/${id}/approve`,
  declineJoin: (id: number) => `/api/team/join-requests/${id}/decline`,
  activity: '/api/team/activity',
  /** Public: what an invitation link shows, and accepting it. */
  invitationCheck: '/api/invitations/check',
  invitationAccept: '/api/invitations/accept',
} as const

/** The page an invitation mail links to: `/join?token=…`. */
export const invitationPagePath = '/join'

const email = safeString({ error: ruleMessages.emailRequired })
  .trim()
  .min(1, ruleMessages.emailRequired)
  .max(limits.emailMax, ruleMessages.tooLong)
  .regex(basicEmailPattern, ruleMessages.registerEmailInvalid)
  .transform((value) => value.toLowerCase())
/** An email an Admin types for the company: a colleague's, the billing contact's (finance/reminders.ts). */
export const companyEmailField = email

const role = z.enum(companyRoles, { error: teamMessages.roleRequired })

/** POST /api/team/invitations: whom to invite, and as what. */
export const inviteSchema = z.object({
  email,
  name: accountFields.esus_name,
  role,
})
export type InviteInput = z.output<typeof inviteSchema>

/** PUT /api/team/members/{id}/role. */
export const changeRoleSchema = z.object({ role })

/** POST /api/team/join-requests/{id}/approve: as Member or Viewer. */
export const joinDecisionSchema = z.object({ role: z.enum(joinRoles, { error: teamMessages.roleRequired }) })

const token = safeString({ error: teamMessages.invitationInvalid })
  .min(1, teamMessages.invitationInvalid)
  .max(limits.tokenMax, teamMessages.invitationInvalid)

/** POST /api/invitations/check. */
export const invitationTokenSchema = z.object({ token })

/**
 * POST /api/invitations/accept: the invitee's name, phone (the company's dialling code) and password under the
 * registration rules and messages of spec section 5. `email` is the invited one, shown read-only: another is
 * refused (403 `invitationOtherEmail`).
 */
export const acceptInvitationSchema = z
  .object({
    token,
    email,
    esus_name: accountFields.esus_name,
    esus_phone: accountFields.esus_phone,
    ...newPasswordFields,
  })
  .refine(passwordsMatch, matchRule)
export type AcceptInvitationInput = z.output<typeof acceptInvitationSchema>

export interface TeamMember {
  id: number
  name: string
  email: string
  role: CompanyRole
  status: MemberStatus
  /** ISO time of their last sign-in (a session opened); null when never. */
  lastSignInAt: string | null
  /** The signed-in user themself. */
  isMe: boolean
}

export interface TeamInvitation {
  id: number
  email: string
  name: string
  role: CompanyRole
  status: Extract<InvitationStatus, 'Invited' | 'Expired'>
  sentAt: string
  expiresAt: string
  invitedBy: string
}

export interface TeamJoinRequest {
  id: number
  name: string
  email: string
  requestedAt: string
}

/** GET /api/team: everyone sees the members and open invitations; join requests go to Admins only ([] else). */
export interface TeamView {
  company: { name: string; regnNo: string }
  myRole: CompanyRole
  members: TeamMember[]
  invitations: TeamInvitation[]
  joinRequests: TeamJoinRequest[]
}

/** POST /api/invitations/check: what the invitation page shows before the form. */
export interface InvitationView {
  email: string
  name: string
  role: CompanyRole
  companyName: string
  /** The company's dialling code, e.g. "+65": the phone's prefix, read-only. */
  dialingCode: string
  expiresAt: string
}
