/**
 * The mails of a customer's account: activation and registration notices, password reset and change, the
 * link that ends another session, and the notice that logins are paused.
 */
import {
  ACTIVATION_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  SESSION_RELEASE_TTL_MS,
} from '../../contract/link-lifetimes'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, linkPara, para } from './compose'
import type { Mail } from './index'

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

/** How long an activation link works, in hours (the team's approval mail sends one too). */
export const activationHours = ACTIVATION_TOKEN_TTL_MS / 3_600_000

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
