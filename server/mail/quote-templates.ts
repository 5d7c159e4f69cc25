/** The mails of a quote: the sales team's notice of a request to price, the customer's expiry reminder. */
import { calendarDay } from '../../contract/times'
import { type SiteConfig, siteConfig } from '../site-config'
import { compose, linkPara, oneLine, para, teamNotice } from './compose'
import type { Mail } from './index'

export interface QuoteRequestMailInput {
  to: string
  quoteNumber: string
  customer: string
  requester: string
  requesterEmail: string
  summary: [string, string][]
  notes: string | null
}

/** The sales team's notice of a lane without an instant rate; replies go to the customer. */
export function quoteRequestMail(input: QuoteRequestMailInput, site: SiteConfig = siteConfig): Mail {
  return teamNotice({
    to: input.to,
    subject: `Quote request ${input.quoteNumber}: ${input.customer}`,
    intro: 'A customer asked for a quote on a lane without an instant rate. Please price it and reply.',
    fields: [
      ['Customer', input.customer],
      ['Requested by', `${input.requester} <${input.requesterEmail}>`],
      ...input.summary,
    ],
    note: input.notes ? { label: 'Notes', text: input.notes } : undefined,
    replyTo: input.requesterEmail,
    site,
  })
}

export interface QuoteExpiryMailInput {
  to: string
  name: string
  quoteNumber: string
  lane: string
  mode: string
  /** The last day the quote can be confirmed (YYYY-MM-DD, Singapore). */
  validTo: string
  quoteLink: string
  profileLink: string
}

/** The reminder the day before a company quote expires (server/jobs/quote-reminders.ts). */
export function quoteExpiryMail(input: QuoteExpiryMailInput, site: SiteConfig = siteConfig): Mail {
  return compose(site, input.to, oneLine(`Quote ${input.quoteNumber} expires tomorrow: ${input.lane}`), [
    para(`Hello ${input.name},`),
    para(
      `Your ${input.mode} quote ${input.quoteNumber} (${input.lane}) is valid until the end of ${calendarDay(input.validTo)} (Singapore time). Confirm it before then to book at the quoted rates; after that it can be requoted at the rates of the day.`,
    ),
    linkPara('Open the quote:', 'Open the quote', input.quoteLink),
    linkPara(
      'You get this reminder because quote expiry reminders are on in My Profile:',
      'My Profile',
      input.profileLink,
    ),
  ])
}
