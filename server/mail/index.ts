import type { Kysely } from 'kysely'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { DEFAULT_MAIL_FROM } from '../config'
import { insertOutboxMail } from '../db/outbox'
import type { Database } from '../db/schema'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** Where replies go (SMTP only; the outbox does not keep it). */
  replyTo?: string
}

export interface MailSettings {
  /** SMTP server; unset keeps every mail in the database outbox (and prints its links to the log). */
  smtpUrl?: string | undefined
  /** Sender; default `eShip <no-reply@eship.local>`. */
  from?: string | undefined
  /** Public address of the app, the base of links in mails; default http://localhost:3000. */
  appUrl?: string | undefined
}

export interface Mailer {
  /** True when mail goes to the database outbox rather than to an SMTP server. */
  readonly outbox: boolean
  /** Base of links in mails, without a trailing slash. */
  readonly appUrl: string
  /** Sends a mail (or stores it in the outbox); other features (activation, registration notices) reuse it. */
  sendMail(db: Kysely<Database>, mail: Mail): Promise<void>
}

export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>
}

export interface MailerDeps {
  /** Where outbox mail links are printed; nothing is printed without `info`. */
  logger?: Partial<Pick<Console, 'info'>>
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport
}

const urlPattern = /https?:\/\/[^\s<>"')]+/g

/** The http(s) links of a text, in order, each once. */
export function mailLinks(text: string): string[] {
  return [...new Set(text.match(urlPattern) ?? [])]
}

export function createMailer(settings: MailSettings = {}, deps: MailerDeps = {}): Mailer {
  const from = settings.from ?? DEFAULT_MAIL_FROM
  const appUrl = (settings.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '')
  const { smtpUrl } = settings
  if (smtpUrl || deps.transport) {
    let transport = deps.transport
    return {
      outbox: false,
      appUrl,
      async sendMail(_db, mail) {
        transport ??= nodemailer.createTransport(smtpUrl)
        await transport.sendMail({ from, ...mail })
      },
    }
  }
  return {
    outbox: true,
    appUrl,
    async sendMail(db, { to, subject, text, html }) {
      const mail = { to, subject, text, html }
      const id = await insertOutboxMail(db, mail)
      const links = mailLinks(mail.text)
      deps.logger?.info?.(
        [`Mail #${id} to ${mail.to} kept in the outbox: ${mail.subject}`, ...links.map((l) => `  ${l}`)].join(
          '\n',
        ),
      )
    },
  }
}
