/** The customer's mails about a booking's documents: one asked for by operations, one rejected. */
import { calendarDay } from '../../contract/times'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, linkPara, oneLine, para } from './compose'
import type { Mail } from './index'

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
