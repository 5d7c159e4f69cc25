/** The sales team's notice of a contact enquiry from the website. */
import { accountTime } from '../../contract/times'
import { type SiteConfig, siteConfig } from '../site-config'
import { teamNotice } from './compose'
import type { Mail } from './index'

export interface EnquiryDetails {
  id: number
  mail: string
  name: string
  company: string
  code: string
  phone: string
  source: string
  mode: string
  message: string
  created_at: Date
}

/** The sales team's notice of a new contact enquiry; replies go to the enquirer. */
export function enquiryMail(
  input: { to: string; enquiry: EnquiryDetails },
  site: SiteConfig = siteConfig,
): Mail {
  const { enquiry } = input
  return teamNotice({
    to: input.to,
    subject: `New enquiry #${enquiry.id}: ${enquiry.name}, ${enquiry.company} (${enquiry.mode})`,
    intro: 'A new contact enquiry came in through the website.',
    fields: [
      ['Name', enquiry.name],
      ['Company', enquiry.company],
      ['Email', enquiry.mail],
      ['Phone', `${enquiry.code} ${enquiry.phone}`],
      ['Mode', enquiry.mode],
      ['Source', enquiry.source],
      ['Received', accountTime(enquiry.created_at)],
    ],
    note: { label: 'Message', text: enquiry.message },
    replyTo: enquiry.mail,
    site,
  })
}
