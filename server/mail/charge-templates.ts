/**
 * The customer's mail when operations or finance add a charge to a booking after it was booked (issue 35,
 * docs/invoices.md): what is charged, how much, why, and where to approve or decline it. Queued by
 * server/finance/charge-requests.ts to the company's Admins and Members in the transaction of the request.
 */
import {
  type ChargeSource,
  chargeSourceNames,
  type GstCode,
  gstCodeNames,
} from '../../contract/finance/charges'
import { moneyText } from '../../contract/pricing/money'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, linkPara, oneLine, para } from './compose'
import type { Mail } from './index'

export interface ChargeRequestedMailInput {
  to: string
  name: string
  bookingNumber: string
  description: string
  quantityText: string
  currency: string
  /** Minor units, excluding GST. */
  amount: number
  gstCode: GstCode
  source: ChargeSource
  reason: string
  /** The name of the file attached (a receipt), if any. */
  attachmentName: string | null
  bookingLink: string
}

/** Asks the company to approve or decline a charge added after booking. */
export function chargeRequestedMail(input: ChargeRequestedMailInput, site: SiteConfig = siteConfig): Mail {
  const amount = moneyText(input.amount, input.currency)
  return compose(
    site,
    input.to,
    oneLine(`Booking ${input.bookingNumber}: a charge waits for your approval (${amount})`),
    [
      para(`Hello ${input.name},`),
      para(
        `We have added a charge to booking ${input.bookingNumber} that waits for your approval before it can be invoiced.`,
      ),
      ...[
        `Charge: ${input.description} (${input.quantityText})`,
        `Amount: ${amount}, excluding GST`,
        `GST: ${gstCodeNames[input.gstCode]}`,
        `Kind: ${chargeSourceNames[input.source]}`,
      ].map(para),
      para(`Why: ${input.reason}`),
      ...(input.attachmentName ? [para(`Attached on the booking: ${input.attachmentName}`)] : []),
      linkPara(
        'An Admin or Member of your company can approve or decline it on the booking:',
        `Booking ${input.bookingNumber}`,
        input.bookingLink,
      ),
    ],
  )
}
