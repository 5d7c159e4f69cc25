/** The customer's mails about the money (docs/invoices.md): a tax invoice issued, a credit note issued. */

import { paymentTermsText } from '../../contract/finance/invoices'
import { moneyText } from '../../contract/pricing/money'
import { calendarDay } from '../../contract/times'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, linkPara, oneLine, para } from './compose'
import type { Mail } from './index'

export interface InvoiceMailInput {
  to: string
  name: string
  number: string
  bookingNumber: string
  currency: string
  total: number
  /** Invoices: the due date (ISO day) and the terms in days. */
  dueDay: string | null
  paymentTermsDays: number
  /** Credit notes: the invoice credited, and why. */
  creditsNumber: string | null
  reason: string | null
  /** Where the customer reads it (`/user/invoices/…`). */
  link: string
}

/** An invoice or a credit note issued: its number, amount and due date; the PDF is attached. */
export function invoiceIssuedMail(input: InvoiceMailInput, site: SiteConfig = siteConfig): Mail {
  const amount = moneyText(input.total, input.currency)
  if (input.creditsNumber) {
    return compose(
      site,
      input.to,
      oneLine(`Credit note ${input.number} for invoice ${input.creditsNumber}`),
      [
        para(`Hello ${input.name},`),
        para(
          `We have issued credit note ${input.number} of ${amount} (GST included) for invoice ${input.creditsNumber}, booking ${input.bookingNumber}. The credit note is attached as a PDF.`,
        ),
        ...(input.reason ? [para(`Reason: ${input.reason}`)] : []),
        linkPara('You can read it in your invoices:', input.number, input.link),
      ],
    )
  }
  const due = input.dueDay
    ? input.paymentTermsDays === 0
      ? `It is payable now (prepaid, due ${calendarDay(input.dueDay)}).`
      : `It is due on ${calendarDay(input.dueDay)} (${paymentTermsText(input.paymentTermsDays)}).`
    : ''
  return compose(site, input.to, oneLine(`Tax invoice ${input.number} for booking ${input.bookingNumber}`), [
    para(`Hello ${input.name},`),
    para(
      `We have issued tax invoice ${input.number} of ${amount} (GST included) for booking ${input.bookingNumber}. ${due} The invoice is attached as a PDF.`.trim(),
    ),
    linkPara('You can read it and pay it in your invoices:', input.number, input.link),
  ])
}
