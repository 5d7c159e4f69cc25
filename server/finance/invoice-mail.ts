/**
 * An issued invoice or credit note mailed to the company's active Admins through the outbox, in the issuing
 * transaction, with its PDF attached (server/finance/invoice-pdf.ts renders it once for all of them).
 */
import type { Kysely } from 'kysely'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { CUSTOMER_USER_TYPE } from '../../contract/messages'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { invoiceIssuedMail } from '../mail/invoice-templates'
import type { OutboxAttachment } from '../mail/outbox'
import type { SiteConfig } from '../site-config'
import { renderInvoicePdf } from './invoice-pdf'

/** The file name of a document's PDF: its number. */
export const invoicePdfName = (number: string) => `${number}.pdf`

/** The company's active Admins, who receive its invoices (and their reminders, server/jobs/invoice-reminders.ts). */
export const companyAdmins = (trx: Kysely<Database>, customerId: number) =>
  trx
    .selectFrom('users')
    .select(['esus_name', 'esus_email_id'])
    .where('customer_id', '=', customerId)
    .where('company_role', '=', 'admin')
    .where('user_type', '=', CUSTOMER_USER_TYPE)
    .where('activated_at', 'is not', null)
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute()

/** The document's PDF as a mail's attachment (rendered once for all its recipients). */
export async function invoicePdfAttachment(
  detail: InvoiceDetail,
  config: SiteConfig,
): Promise<OutboxAttachment> {
  const pdf = await renderInvoicePdf(detail, config)
  return {
    filename: invoicePdfName(detail.number),
    contentType: 'application/pdf',
    base64: Buffer.from(pdf).toString('base64'),
  }
}

export async function mailDocument(
  trx: Kysely<Database>,
  mailer: Mailer,
  detail: InvoiceDetail,
  at: Date,
  config: SiteConfig,
): Promise<void> {
  const admins = await companyAdmins(trx, detail.customerId)
  if (admins.length === 0) return
  const attachment = await invoicePdfAttachment(detail, config)
  for (const admin of admins) {
    const mail = invoiceIssuedMail(
      {
        to: admin.esus_email_id,
        name: admin.esus_name,
        number: detail.number,
        bookingNumber: detail.bookingNumber,
        currency: detail.currency,
        total: detail.total,
        dueDay: detail.dueDay,
        paymentTermsDays: detail.paymentTermsDays,
        creditsNumber: detail.creditsNumber,
        reason: detail.reason,
        link: `${mailer.appUrl}/user/invoices/${encodeURIComponent(detail.number)}`,
      },
      config,
    )
    await mailer.queue(trx, { ...mail, attachments: [attachment] }, at)
  }
}
