import type { Kysely } from 'kysely'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { DEFAULT_MAIL_FROM } from '../config'
import type { Database, OutboxRow } from '../db/schema'
import { insertOutboxMail, type OutboxMail } from './outbox'

export type Mail = OutboxMail

export interface MailSettings {
  /** SMTP server; unset delivers every mail to the log (the database keeps it, see /dev/outbox). */
  smtpUrl?: string | undefined
  /** Sender; default `eShip <no-reply@eship.local>`. */
  from?: string | undefined
  /** Public address of the app, the base of links in mails; default http://localhost:3000. */
  appUrl?: string | undefined
}

/** What features use to mail: the base of links, and the queue. */
export interface Mailer {
  /** Base of links in mails, without a trailing slash. */
  readonly appUrl: string
  /**
   * Writes the mail to the outbox. Pass the transaction of what causes the mail: the mail then exists
   * exactly when its cause does, and the outbox worker delivers it.
   */
  queue(db: Kysely<Database>, mail: Mail, now: Date): Promise<number>
}

export function createMailer(settings: Pick<MailSettings, 'appUrl'> = {}): Mailer {
  const appUrl = (settings.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '')
  return { appUrl, queue: insertOutboxMail }
}

const urlPattern = /https?:\/\/[^\s<>"')]+/g

/** The http(s) links of a text, in order, each once. */
export function mailLinks(text: string): string[] {
  return [...new Set(text.match(urlPattern) ?? [])]
}

/** Where the outbox worker hands a mail; a rejection is a failed attempt. */
export interface MailDelivery {
  /** `smtp` sends; `log` prints the mail and its links (no SMTP server configured). */
  readonly kind: 'smtp' | 'log'
  deliver(mail: OutboxRow): Promise<void>
  close(): void
}

/** The part of a nodemailer transport delivery uses (tests may hand in their own). */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>
  close?(): void
}

export interface DeliverySettings extends MailSettings {
  /** The longest one SMTP delivery may take, in ms: connection, greeting and each wait for the server. */
  timeoutMs?: number
  /** Replaces the SMTP transport made from `smtpUrl` (tests). */
  transport?: MailTransport
  /** Where `log` delivery prints. */
  logger?: Pick<Console, 'info'>
}

/**
 * A Message-ID that stays the same across the attempts of one outbox mail, so that a mail delivered again
 * after its process stopped mid-delivery can be recognised as the same message by the receiving side.
 */
export function messageId(mail: Pick<OutboxRow, 'id' | 'created_at'>, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'eship.local'
  return `<outbox-${mail.id}-${mail.created_at.getTime()}@${domain}>`
}

export function createMailDelivery(settings: DeliverySettings = {}): MailDelivery {
  const from = settings.from ?? DEFAULT_MAIL_FROM
  const { smtpUrl, timeoutMs = 60_000 } = settings
  if (smtpUrl || settings.transport) {
    const transport: MailTransport =
      settings.transport ??
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: Math.min(timeoutMs, 10_000),
        greetingTimeout: Math.min(timeoutMs, 10_000),
        socketTimeout: timeoutMs,
      } as Parameters<typeof nodemailer.createTransport>[0])
    return {
      kind: 'smtp',
      async deliver(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: messageId(mail, from),
          date: mail.created_at,
          ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: file.base64,
                  encoding: 'base64',
                })),
              }
            : {}),
        })
      },
      close: () => transport.close?.(),
    }
  }
  const logger = settings.logger ?? console
  return {
    kind: 'log',
    async deliver(mail) {
      const lines = [`Mail #${mail.id} to ${mail.to} (no SMTP server; kept in the outbox): ${mail.subject}`]
      for (const link of mailLinks(mail.text)) lines.push(`  ${link}`)
      logger.info(lines.join('\n'))
    },
    close: () => {},
  }
}
