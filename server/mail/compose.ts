/**
 * What every mail is made of: text lines and HTML paragraphs side by side, the layout, the signature from the
 * site configuration, and the team's notices of a table of fields. The mails themselves are in the
 * *-templates.ts files beside it, by area.
 */
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

/** Header values must stay on one line. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim()

/**
 * A notice for the team: an intro, a table of fields and a free text (the enquiry's message, the
 * customer's notes) when there is one; replies go to `replyTo`.
 */
export function teamNotice(input: {
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
