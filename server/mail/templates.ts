import { moneyText } from '../../contract/pricing/money'
import {
  type CompanyRole,
  companyRoleNames,
  INVITATION_TTL_MS,
  invitationPagePath,
} from '../../contract/team'
import { accountTime, calendarDay } from '../../contract/times'
import { RESET_TOKEN_TTL_MS } from '../auth/password-resets'
import { SESSION_RELEASE_TTL_MS } from '../auth/session-release'
import { ACTIVATION_TOKEN_TTL_MS } from '../register/activation-tokens'
import { addressLine, mainPhone, type SiteConfig, siteConfig } from '../site-config'
import type { Mail } from './index'

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * The end of every mail: the brand, the registered company, its address and how to reach support, from the
 * site configuration (site.config.ts). Every mail template takes the configuration as its last parameter,
 * the configured one by default, so that tests can pass another.
 */
export function mailSignature(site: SiteConfig = siteConfig): { text: string; html: string } {
  const phone = mainPhone(site)
  const lines = [
    `${site.brand} · ${site.tagline}`,
    `${site.legalName} (UEN ${site.uen})`,
    addressLine(site),
    [site.supportEmail, phone?.display].filter(Boolean).join(' · '),
  ]
  const contact = [
    `<a href="mailto:${escapeHtml(site.supportEmail)}">${escapeHtml(site.supportEmail)}</a>`,
    ...(phone ? [`<a href="tel:${escapeHtml(phone.e164)}">${escapeHtml(phone.display)}</a>`] : []),
  ].join(' · ')
  const html = `<p>${[...lines.slice(0, 3).map(escapeHtml), contact].join('<br>')}</p>`
  return { text: lines.join('\n'), html }
}

function layout(site: SiteConfig, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}${mailSignature(site).html}</body></html>`
}

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`
}

export function passwordResetMail(
  input: { to: string; name: string; link: string },
  site: SiteConfig = siteConfig,
): Mail {
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  return compose(site, input.to, 'Reset your eShip password', [
    para(`Hello ${input.name},`),
    para('We received a request to reset the password of your eShip account.'),
    linkPara('Open this link to choose a new one:', 'Reset my password', input.link),
    para(
      `The link works once and expires in ${minutes} minutes. Resetting your password also logs you out of every device.`,
    ),
    para('If you did not ask for this, ignore this mail: your password stays as it is.'),
  ])
}

export function sessionReleaseLink(appUrl: string, token: string): string {
  return `${appUrl}/release-session?token=${encodeURIComponent(token)}`
}

/** The link that ends the session open elsewhere, for a login the one-session rule refused. */
export function sessionReleaseMail(
  input: { to: string; name: string; link: string },
  site: SiteConfig = siteConfig,
): Mail {
  const minutes = SESSION_RELEASE_TTL_MS / 60_000
  return compose(site, input.to, 'End your other eShip session', [
    para(`Hello ${input.name},`),
    para(
      'Someone, presumably you, tried to log in to your eShip account with its password while another session of the account is open, and asked for this mail. Open this link to end that session:',
    ),
    linkPara('End the other session:', 'End my other session', input.link),
    para(
      `The link works once and expires in ${minutes} minutes. The device that has the other session is logged out; then log in again.`,
    ),
    para(
      'If it was not you, someone knows your password: change it at once with Forgot Password on the login page. If it was you and you no longer need the link, ignore this mail: nothing changes until the button on its page is pressed.',
    ),
  ])
}

const activationHours = ACTIVATION_TOKEN_TTL_MS / 3_600_000

export function activationLink(appUrl: string, token: string): string {
  return `${appUrl}/activate?token=${encodeURIComponent(token)}`
}

export function loginLink(appUrl: string): string {
  return `${appUrl}/login`
}

/** The login page with its Forgot Password dialog asked for (`forgot=1`). */
export function forgotPasswordLink(appUrl: string): string {
  return `${appUrl}/login?forgot=1`
}

/** Text lines and HTML paragraphs of one mail, kept side by side so both say the same. */
export interface Part {
  text: string
  html: string
}

export const para = (text: string): Part => ({ text, html: `<p>${escapeHtml(text)}</p>` })
export const linkPara = (intro: string, label: string, link: string): Part => ({
  text: `${intro}\n${link}`,
  html: `<p>${escapeHtml(intro)} <a href="${escapeHtml(link)}">${escapeHtml(label)}</a><br>${escapeHtml(link)}</p>`,
})

/** A mail of `parts`, ended by the signature of `site`. */
export function compose(
  site: SiteConfig,
  to: string,
  subject: string,
  parts: Part[],
  replyTo?: string,
): Mail {
  const text = [...parts.map((part) => part.text), mailSignature(site).text].join('\n\n')
  const html = layout(site, subject, parts.map((part) => part.html).join(''))
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}) }
}

export function activationMail(
  input: { to: string; name: string; link: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, 'Activate your eShip account', [
    para(`Hello ${input.name},`),
    para('Thank you for registering with eShip. Open this link to activate your account:'),
    linkPara('Activation link:', 'Activate my account', input.link),
    para(
      `The link works once and expires in ${activationHours} hours. Once your account is active, log in with the email address and password you registered with.`,
    ),
    para('If you did not register, ignore this mail: the account stays inactive.'),
  ])
}

/**
 * Sent instead of a second account when someone registers an email that already has one. For an account
 * still waiting for activation it carries a fresh activation link.
 */
export function registrationNoticeMail(
  input: {
    to: string
    name: string
    appUrl: string
    /** A new activation link, when the account is not active yet. */
    activationLink?: string | undefined
  },
  site: SiteConfig = siteConfig,
): Mail {
  const intro = [
    para(`Hello ${input.name},`),
    para(
      `Someone, perhaps you, tried to register a new eShip account with this email address (${input.to}). This address already has an account, so no new account was made.`,
    ),
  ]
  const notYou = para('If it was not you, ignore this mail: your account is unchanged.')
  if (input.activationLink) {
    return compose(site, input.to, 'Your eShip account is waiting for activation', [
      ...intro,
      para('Your account has not been activated yet. If it was you, activate it with this link:'),
      linkPara('Activation link:', 'Activate my account', input.activationLink),
      para(
        `The link works once and expires in ${activationHours} hours. Then log in with the password you chose when you first registered; if you do not remember it, choose Forgot Password on the login page once the account is active.`,
      ),
      linkPara('Log in:', 'Member Login', loginLink(input.appUrl)),
      notYou,
    ])
  }
  return compose(site, input.to, 'Someone tried to register with your email address', [
    ...intro,
    para('If it was you, log in to your existing account:'),
    linkPara('Log in:', 'Member Login', loginLink(input.appUrl)),
    linkPara(
      'Forgot your password? Choose Forgot Password on the login page:',
      'Reset my password',
      forgotPasswordLink(input.appUrl),
    ),
    notYou,
  ])
}

export interface EnquiryDetails {
  id: number
  mail: string
  name: string
  company: string
  code: string
  phone: string
  source: string
  mode: string
  message: string
  created_at: Date
}

/** Header values must stay on one line. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim()

/**
 * A notice for the team: an intro, a table of fields and a free text (the enquiry's message, the
 * customer's notes) when there is one; replies go to `replyTo`.
 */
function teamNotice(input: {
  to: string
  subject: string
  intro: string
  fields: [string, string][]
  note?: { label: string; text: string } | undefined
  replyTo: string
  site: SiteConfig
}): Mail {
  const { intro, fields, note, site } = input
  const subject = oneLine(input.subject)
  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    ...(note ? ['', `${note.label}:`, note.text] : []),
    '',
    mailSignature(site).text,
  ].join('\n')
  const rows = fields
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = layout(
    site,
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<table>${rows}</table>`,
      note
        ? `<p><strong>${escapeHtml(note.label)}:</strong></p><p style="white-space:pre-wrap">${escapeHtml(note.text)}</p>`
        : '',
    ].join(''),
  )
  return { to: input.to, subject, text, html, replyTo: input.replyTo }
}

/** The sales team's notice of a new contact enquiry; replies go to the enquirer. */
export function enquiryMail(
  input: { to: string; enquiry: EnquiryDetails },
  site: SiteConfig = siteConfig,
): Mail {
  const { enquiry } = input
  return teamNotice({
    to: input.to,
    subject: `New enquiry #${enquiry.id}: ${enquiry.name}, ${enquiry.company} (${enquiry.mode})`,
    intro: 'A new contact enquiry came in through the website.',
    fields: [
      ['Name', enquiry.name],
      ['Company', enquiry.company],
      ['Email', enquiry.mail],
      ['Phone', `${enquiry.code} ${enquiry.phone}`],
      ['Mode', enquiry.mode],
      ['Source', enquiry.source],
      ['Received', accountTime(enquiry.created_at)],
    ],
    note: { label: 'Message', text: enquiry.message },
    replyTo: enquiry.mail,
    site,
  })
}

const money = (minorUsd: number) => moneyText(minorUsd, 'USD')

export interface BookingMailInput {
  to: string
  name: string
  bookingNumber: string
  quoteNumber: string
  lane: string
  mode: string
  carrier: string
  totalUsd: number
  bookingsLink: string
}

/** The customer's receipt of a new booking (status Booking Received). */
export function bookingReceivedMail(input: BookingMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, oneLine(`Booking ${input.bookingNumber} received: ${input.lane}`), [
    para(`Hello ${input.name},`),
    para(
      `Thank you for your booking. We have received booking ${input.bookingNumber} (from quote ${input.quoteNumber}) and will confirm it with ${input.carrier} shortly.`,
    ),
    para(`${input.mode}, ${input.lane}. Total as confirmed: ${money(input.totalUsd)}.`),
    linkPara('Follow it in My Bookings:', 'My Bookings', input.bookingsLink),
    para('Please have the commercial invoice and packing list ready: we will ask for them before departure.'),
  ])
}

export interface QuoteRequestMailInput {
  to: string
  quoteNumber: string
  customer: string
  requester: string
  requesterEmail: string
  summary: [string, string][]
  notes: string | null
}

/** The sales team's notice of a lane without an instant rate; replies go to the customer. */
export function quoteRequestMail(input: QuoteRequestMailInput, site: SiteConfig = siteConfig): Mail {
  return teamNotice({
    to: input.to,
    subject: `Quote request ${input.quoteNumber}: ${input.customer}`,
    intro: 'A customer asked for a quote on a lane without an instant rate. Please price it and reply.',
    fields: [
      ['Customer', input.customer],
      ['Requested by', `${input.requester} <${input.requesterEmail}>`],
      ...input.summary,
    ],
    note: input.notes ? { label: 'Notes', text: input.notes } : undefined,
    replyTo: input.requesterEmail,
    site,
  })
}

export interface DocumentRejectedMailInput {
  to: string
  name: string
  bookingNumber: string
  document: string
  fileName: string
  reason: string
  bookingLink: string
}

/** Tells the uploader that a document was rejected, why, and where to upload a new one. */
export function documentRejectedMail(input: DocumentRejectedMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, oneLine(`Booking ${input.bookingNumber}: ${input.document} rejected`), [
    para(`Hello ${input.name},`),
    para(
      `We could not accept the ${input.document.toLowerCase()} (${input.fileName}) uploaded to booking ${input.bookingNumber}.`,
    ),
    para(`Reason: ${input.reason}`),
    linkPara(
      'Please upload a corrected file on the booking:',
      `Booking ${input.bookingNumber}`,
      input.bookingLink,
    ),
  ])
}

export interface DocumentRequestedMailInput {
  to: string
  name: string
  bookingNumber: string
  document: string
  /** YYYY-MM-DD (Singapore). */
  dueDate: string
  note: string | null
  bookingLink: string
}

/** Tells the booking's customer that operations ask for a document, by when, and where to upload it. */
export function documentRequestedMail(
  input: DocumentRequestedMailInput,
  site: SiteConfig = siteConfig,
): Mail {
  const due = calendarDay(input.dueDate)
  return compose(
    site,
    input.to,
    oneLine(`Booking ${input.bookingNumber}: ${input.document} needed by ${due}`),
    [
      para(`Hello ${input.name},`),
      para(`Operations ask for your ${input.document} for booking ${input.bookingNumber} by ${due}.`),
      ...(input.note ? [para(`Note: ${input.note}`)] : []),
      linkPara('Please upload it on the booking:', `Booking ${input.bookingNumber}`, input.bookingLink),
    ],
  )
}

/** Sent when the password is changed from My Profile, so a change the user did not make is noticed. */
export function passwordChangedMail(
  input: { to: string; name: string; appUrl: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, 'Your eShip password was changed', [
    para(`Hello ${input.name},`),
    para(
      'The password of your eShip account was changed from My Profile. Every other device that was logged in has been logged out.',
    ),
    linkPara(
      'If you did not change it, reset your password at once and contact us:',
      'Reset my password',
      forgotPasswordLink(input.appUrl),
    ),
  ])
}

/** A duration in words: `an hour`, `15 minutes`, `2 days`. */
function inWords(ms: number): string {
  const units: [number, string, string][] = [
    [86_400_000, 'a day', 'days'],
    [3_600_000, 'an hour', 'hours'],
    [60_000, 'a minute', 'minutes'],
  ]
  for (const [size, one, many] of units) {
    if (ms >= size && ms % size === 0) return ms === size ? one : `${ms / size} ${many}`
  }
  return `${Math.ceil(ms / 1000)} seconds`
}

/**
 * Sent once when an account reaches its limit of failed logins (server/auth/login-limits.ts): logins to it
 * are paused from every address until the failures leave the window, or until the password is reset.
 */
export function accountLockedMail(
  input: {
    to: string
    name: string
    failures: number
    windowMs: number
    link: string
  },
  site: SiteConfig = siteConfig,
): Mail {
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  const window = inWords(input.windowMs)
  return compose(site, input.to, 'Logins to your eShip account are paused', [
    para(`Hello ${input.name},`),
    para(
      `Someone tried to log in to your eShip account with a wrong password ${input.failures} times within ${window}. To protect your account, logins to it are paused for up to ${window}, from every device.`,
    ),
    linkPara(
      `If it was not you, someone may be guessing your password: choose a new one now. Resetting your password also unpauses logins at once and logs you out of every device. The link works once and expires in ${minutes} minutes:`,
      'Reset my password',
      input.link,
    ),
    para(
      'If it was you, you can also simply wait, or reset your password with the link above. Later, use Forgot Password on the login page.',
    ),
  ])
}

export interface QuoteExpiryMailInput {
  to: string
  name: string
  quoteNumber: string
  lane: string
  mode: string
  /** The last day the quote can be confirmed (YYYY-MM-DD, Singapore). */
  validTo: string
  quoteLink: string
  profileLink: string
}

/** The reminder the day before a company quote expires (server/jobs/quote-reminders.ts). */
export function quoteExpiryMail(input: QuoteExpiryMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, oneLine(`Quote ${input.quoteNumber} expires tomorrow: ${input.lane}`), [
    para(`Hello ${input.name},`),
    para(
      `Your ${input.mode} quote ${input.quoteNumber} (${input.lane}) is valid until the end of ${calendarDay(input.validTo)} (Singapore time). Confirm it before then to book at the quoted rates; after that it can be requoted at the rates of the day.`,
    ),
    linkPara('Open the quote:', 'Open the quote', input.quoteLink),
    linkPara(
      'You get this reminder because quote expiry reminders are on in My Profile:',
      'My Profile',
      input.profileLink,
    ),
  ])
}

// ---- Company teams (issue 24, docs/teams.md) ----------------------------------------------------------------

const invitationDays = INVITATION_TTL_MS / 86_400_000

/** The page an invitation mail links to: `/join?token=…`, bound to the invited email. */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}${invitationPagePath}?token=${encodeURIComponent(token)}`
}

/** My Team, where a company's Admins decide requests to join. */
export function teamPageLink(appUrl: string): string {
  return `${appUrl}/user/team`
}

/** An Admin invited a colleague into the company's account (sent again by a resend, with a new link). */
export function teamInvitationMail(
  input: {
    to: string
    name: string
    companyName: string
    inviterName: string
    role: CompanyRole
    link: string
  },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(
    site,
    input.to,
    oneLine(`${input.inviterName} invites you to ${input.companyName} on eShip`),
    [
      para(`Hello ${input.name},`),
      para(
        `${input.inviterName} invites you to join the eShip account of ${input.companyName} as ${companyRoleNames[input.role]}, to see and manage the company's quotes, bookings and documents with your colleagues.`,
      ),
      linkPara('Accept the invitation and choose your password:', 'Join my team', input.link),
      para(
        `The link works once, only for this email address (${input.to}), and is valid for ${invitationDays} days. If it has expired, ask ${input.inviterName} to send it again.`,
      ),
      para('If you did not expect this invitation, ignore this mail: no account is made.'),
    ],
  )
}

/** Someone registered with the number of a company that has an account: their request went to its Admins. */
export function joinRequestedMail(
  input: { to: string; name: string; companyName: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, oneLine(`Your request to join ${input.companyName} on eShip`), [
    para(`Hello ${input.name},`),
    para(
      `Thank you for registering with eShip. ${input.companyName} already has an account with us, so no second account was made for the company: your request to join its account has gone to its Admins.`,
    ),
    para(
      'You will get a mail when they decide. Once they approve it, that mail carries the link that activates your account.',
    ),
    para('If you did not register, ignore this mail.'),
  ])
}

/** To each active Admin: someone asks to join the company's account. */
export function joinRequestAdminMail(
  input: {
    to: string
    name: string
    requesterName: string
    requesterEmail: string
    companyName: string
    appUrl: string
  },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(
    site,
    input.to,
    oneLine(`${input.requesterName} asks to join ${input.companyName} on eShip`),
    [
      para(`Hello ${input.name},`),
      para(
        `${input.requesterName} (${input.requesterEmail}) registered with the registration number of ${input.companyName} and asks to join its eShip account.`,
      ),
      linkPara(
        'Approve (as Member or Viewer) or decline the request in My Team:',
        'My Team',
        teamPageLink(input.appUrl),
      ),
      para('If you do not know this person, decline the request: they get no access to the company.'),
    ],
  )
}

/** The request to join was approved: the link that activates the account. */
export function joinApprovedMail(
  input: { to: string; name: string; companyName: string; role: CompanyRole; link: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, oneLine(`Your request to join ${input.companyName} was approved`), [
    para(`Hello ${input.name},`),
    para(
      `Your request to join the eShip account of ${input.companyName} was approved: you join it as ${companyRoleNames[input.role]}. Open this link to activate your account:`,
    ),
    linkPara('Activation link:', 'Activate my account', input.link),
    para(
      `The link works once and expires in ${activationHours} hours. Then log in with the email address and password you registered with.`,
    ),
  ])
}

/** The request to join was declined: no account was made; the email may register again. */
export function joinDeclinedMail(
  input: { to: string; name: string; companyName: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, oneLine(`Your request to join ${input.companyName} was declined`), [
    para(`Hello ${input.name},`),
    para(
      `The Admins of ${input.companyName} declined your request to join its eShip account, so no account was made for you. If you think this is a mistake, ask a colleague who is an Admin of the company to invite you.`,
    ),
  ])
}

/** A second registration (or a resend) for an email whose request to join is still waiting: no link. */
export function joinStillPendingMail(
  input: { to: string; name: string; companyName: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, oneLine(`Your request to join ${input.companyName} is still waiting`), [
    para(`Hello ${input.name},`),
    para(
      `Someone, perhaps you, tried to register again with this email address (${input.to}). Your request to join the eShip account of ${input.companyName} is still waiting for its Admins' decision; you will get a mail when they decide.`,
    ),
    para('If it was not you, ignore this mail.'),
  ])
}
