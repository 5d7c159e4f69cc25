/**
 * The payment reminder of an invoice (docs/payments.md "Reminders"; server/jobs/invoice-reminders.ts sends it
 * with the invoice's PDF attached, whose PayNow QR is for the balance on the day it is sent). What it says
 * follows the day it is sent: before the due date, on it, or after it (after days without the job, the latest
 * stage is sent and says how late the invoice is on that day).
 */
import { daysBetween } from '../../contract/dates'
import { moneyText } from '../../contract/pricing/money'
import { calendarDay } from '../../contract/times'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, escapeHtml, linkPara, oneLine, type Part, para } from './compose'
import type { Mail } from './index'

export interface ReminderMailInput {
  to: string
  /** The Admin's name; null for the billing contact, who is greeted without one. */
  name: string | null
  /** The company, as the invoice names it (the billing contact is told why they receive it). */
  companyName: string
  number: string
  bookingNumber: string
  currency: string
  /** What is still owed, minor units. */
  balance: number
  dueDay: string
  /** The Singapore day it is sent. */
  today: string
  /** An SGD invoice: what the PayNow QR on the PDF says (amount, bill number, valid until); null otherwise. */
  paynow: string[] | null
  /** Where a bank transfer goes, the invoice number as the reference (as the PDF prints it). */
  bankTransfer: { label: string; text: string }[]
  /** The invoice's page in My Invoices. */
  link: string
}

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`)

/** The subject and the opening sentence, by where the due date is from the day it is sent. */
function when(input: ReminderMailInput): { subject: string; lead: string } {
  const due = calendarDay(input.dueDay)
  const owed = moneyText(input.balance, input.currency)
  const invoice = `tax invoice ${input.number} for booking ${input.bookingNumber}`
  const left = daysBetween(input.today, input.dueDay)
  if (left > 0) {
    return {
      subject: `Reminder: invoice ${input.number} is due on ${due}`,
      lead: `A reminder that ${invoice} is due on ${due}, in ${dayCount(left)}. ${owed} is to be paid.`,
    }
  }
  if (left === 0) {
    return {
      subject: `Invoice ${input.number} is due today`,
      lead: `${capital(invoice)} is due today, ${due}. ${owed} is to be paid.`,
    }
  }
  return {
    subject: `Overdue: invoice ${input.number} was due on ${due}`,
    lead: `${capital(invoice)} was due on ${due}, ${dayCount(-left)} ago, and ${owed} is still owed. Please pay it as soon as you can.`,
  }
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The bank transfer's details, one per line (a table in HTML). */
function bankPart(rows: ReminderMailInput['bankTransfer']): Part {
  const intro = 'Or pay by bank transfer (FAST or GIRO), with the invoice number as the reference:'
  return {
    text: [intro, ...rows.map((row) => `${row.label}: ${row.text}`)].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><table>${rows
      .map((row) => `<tr><th align="left">${escapeHtml(row.label)}</th><td>${escapeHtml(row.text)}</td></tr>`)
      .join('')}</table>`,
  }
}

/** A reminder of an unpaid invoice: what is owed and by when, how to pay, a link to it; the PDF is attached. */
export function invoiceReminderMail(input: ReminderMailInput, site: SiteConfig = siteConfig): Mail {
  const { subject, lead } = when(input)
  const pay: Part[] = []
  if (input.paynow) {
    pay.push(
      para(
        `Pay with PayNow: scan the QR code on the attached invoice, or on its page in your invoices, with your banking app (${input.paynow.join(', ')}).`,
      ),
    )
  }
  if (input.bankTransfer.length > 0) pay.push(bankPart(input.bankTransfer))
  return compose(site, input.to, oneLine(subject), [
    para(input.name ? `Hello ${input.name},` : 'Hello,'),
    ...(input.name
      ? []
      : [para(`You receive this as the billing contact ${input.companyName} named on ${site.brand}.`)]),
    para(`${lead} The invoice is attached as a PDF.`),
    ...pay,
    linkPara('You can read it and pay it in your invoices:', input.number, input.link),
    para(
      'If you have paid it already, thank you, and please ignore this reminder: a payment can take a working day to reach us and be matched.',
    ),
  ])
}
