import { RESET_TOKEN_TTL_MS } from '../db/password-resets'
import type { Mail } from './index'

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}<p>eShip · Digital Shipping Solutions</p></body></html>`
}

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`
}

export function passwordResetMail(input: { to: string; name: string; link: string }): Mail {
  const minutes = RESET_TOKEN_TTL_MS / 60_000
  const subject = 'Reset your eShip password'
  const text = [
    `Hello ${input.name},`,
    '',
    'We received a request to reset the password of your eShip account. Open this link to choose a new one:',
    '',
    input.link,
    '',
    `The link works once and expires in ${minutes} minutes. Resetting your password also logs you out of every device.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
    '',
    'eShip · Digital Shipping Solutions',
  ].join('\n')
  const html = layout(
    subject,
    [
      `<p>Hello ${escapeHtml(input.name)},</p>`,
      '<p>We received a request to reset the password of your eShip account. Open this link to choose a new one:</p>',
      `<p><a href="${escapeHtml(input.link)}">Reset my password</a></p>`,
      `<p>Or paste this address into your browser: ${escapeHtml(input.link)}</p>`,
      `<p>The link works once and expires in ${minutes} minutes. Resetting your password also logs you out of every device.</p>`,
      '<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>',
    ].join(''),
  )
  return { to: input.to, subject, text, html }
}
