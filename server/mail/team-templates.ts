/** The mails of a company's team (issue 24, docs/teams.md): invitations and requests to join. */
import {
  type CompanyRole,
  companyRoleNames,
  INVITATION_TTL_MS,
  invitationPagePath,
} from '../../contract/team'
import { type SiteConfig, siteConfig } from '../site-config'
import { activationHours, loginLink } from './account-templates'
import { compose, linkPara, oneLine, para } from './compose'
import type { Mail } from './index'

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

/**
 * An Admin invited an email that already has an account (an account belongs to one company): the person is
 * told how they could join instead, with no link, and the Admin's answer is the same as for any invitation.
 */
export function invitedWithAccountMail(
  input: {
    to: string
    name: string
    companyName: string
    inviterName: string
    role: CompanyRole
    appUrl: string
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
        `${input.inviterName} invites you to join the eShip account of ${input.companyName} as ${companyRoleNames[input.role]}.`,
      ),
      para(
        `This email address (${input.to}) already has an eShip account, and an account belongs to one company, so it cannot join another. To work in ${input.companyName}'s account, ask ${input.inviterName} to invite another email address of yours. ${input.inviterName} has not been told that this address has an account.`,
      ),
      linkPara('Your account is unchanged; log in as usual:', 'Log in', loginLink(input.appUrl)),
      para('If you did not expect this invitation, ignore this mail: nothing changes.'),
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
