/**
 * The customer directory of the staff console (issue 23, docs/staff.md "The customer directory"): the
 * forwarder's customers (companies) with their users, quotes, bookings and conversations, as the customers
 * see them, and what admins and sales may do to a customer's user. One source for the console and the API.
 */
import { z } from 'zod'
import type { BookingSummary, DocumentItem } from './bookings'
import type { ConversationMessage, ConversationSubject } from './conversations'
import type { QuoteSummary } from './quotes'
import type { CompanyRole } from './team'
import { safeString } from './text'

export const customerDirectoryMessages = {
  notFound: 'Customer not found.',
  userNotFound: 'Customer user not found.',
  badSearch: 'Search with at most 100 characters.',
  badCountry: 'Choose a country from the list.',
  badPage: 'Pages are numbered from 1.',
  activationSent: 'A new activation link was mailed; earlier links no longer work.',
  alreadyActivated: 'This user has already activated their account.',
  reactivateFirst: 'Reactivate this user before sending a new activation link.',
  joinPending:
    'This user asked to join a company that has an account: its Admins approve the request in My Team, and the approval mails the activation link.',
  deactivated: 'Deactivated: their sessions have ended and they can no longer log in.',
  reactivated: 'Reactivated: they can log in again.',
} as const

/** Companies a page of the directory lists. */
export const CUSTOMER_PAGE_SIZE = 25

/** The highest page asked for: 25 × 10,000 companies is more than any page a person reads. */
const PAGE_MAX = 10_000

/** The directory's query (`GET /api/staff/customers`), as the console's search form sends it. */
export const customerListQuerySchema = z.object({
  /** Part of the company's name, or of a user's name or email, any case. */
  q: safeString({ error: customerDirectoryMessages.badSearch })
    .trim()
    .max(100, customerDirectoryMessages.badSearch)
    .optional(),
  /** The company's country, by its ISO code (the countries list's `mcou_code`). */
  country: z
    .string({ error: customerDirectoryMessages.badCountry })
    .regex(/^[A-Z]{2}$/, customerDirectoryMessages.badCountry)
    .optional(),
  page: z
    .string({ error: customerDirectoryMessages.badPage })
    .regex(/^[1-9][0-9]{0,4}$/, customerDirectoryMessages.badPage)
    .transform(Number)
    .pipe(z.number().max(PAGE_MAX, customerDirectoryMessages.badPage))
    .optional(),
})
export type CustomerListQueryInput = z.input<typeof customerListQuerySchema>
export type CustomerListQuery = z.output<typeof customerListQuerySchema>

/** A company as the directory lists it. */
export interface CustomerCompany {
  id: number
  name: string
  regnNo: string
  country: { code: string; name: string }
  users: number
  quotes: number
  bookings: number
  /**
   * The latest of its users' logins (sessions opened), its quotes and bookings made, and its users' messages;
   * null when none of these happened yet.
   */
  lastActivity: string | null
  createdAt: string
}

export interface CustomerListPage {
  customers: CustomerCompany[]
  page: number
  pageSize: number
  /** Companies matching the query, over every page. */
  total: number
}

/** A customer's user as the directory shows them. */
export interface CustomerUser {
  id: number
  name: string
  email: string
  /** Has used their activation link. */
  activated: boolean
  /** Not deactivated by an admin. */
  active: boolean
  /** Their role in the company's account (docs/teams.md): who its Admins are. */
  role: CompanyRole
  deactivatedAt: string | null
  /** When they last opened a session; null when never. */
  lastLogin: string | null
  createdAt: string
}

/** A booking as My Bookings lists it, with its documents as the booking's page shows them. */
export type CustomerBooking = BookingSummary & { documents: DocumentItem[] }

/** A conversation of one of the company's quotes or bookings, oldest message first. */
export interface CustomerConversation {
  subject: ConversationSubject
  messages: ConversationMessage[]
}

/** `GET /api/staff/customers/{id}`: the company with everything its users see. */
export interface CustomerDetail {
  company: CustomerCompany
  users: CustomerUser[]
  /** As My Quotes lists them, newest first. */
  quotes: QuoteSummary[]
  /** As My Bookings lists them, newest first. */
  bookings: CustomerBooking[]
  /** Newest message first. */
  conversations: CustomerConversation[]
}

/** The answer of an action on a customer's user. */
export interface CustomerUserAnswer {
  message: string
  user: CustomerUser
}

/** A quote the sales desk holds (a request, priced by the sales team or not yet): it has a desk page. */
export const isQuoteRequest = (quote: Pick<QuoteSummary, 'status' | 'pricedBySales'>) =>
  quote.status === 'Requested' || quote.pricedBySales

export const customerDirectoryPaths = {
  list: '/api/staff/customers',
  company: (id: number) => `/api/staff/customers/${id}`,
  resendActivation: (userId: number) => `/api/staff/customer-users/${userId}/resend-activation`,
  deactivate: (userId: number) => `/api/staff/customer-users/${userId}/deactivate`,
  reactivate: (userId: number) => `/api/staff/customer-users/${userId}/reactivate`,
} as const
