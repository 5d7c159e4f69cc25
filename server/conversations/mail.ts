/** The mail of messages still unread 5 minutes after they were sent (server/jobs/conversation-mails.ts). */
import type { ConversationSubjectType } from '../../contract/conversations'
import { compose, linkPara, para } from '../mail/compose'
import type { Mail } from '../mail/index'
import { type SiteConfig, siteConfig } from '../site-config'

export interface UnreadMessagesMailInput {
  to: string
  name: string
  /** Who reads it: a customer's user (their profile can turn these off) or a staff member. */
  recipient: 'customer' | 'staff'
  subjectType: ConversationSubjectType
  number: string
  /** The company whose conversation it is (told to staff). */
  company: string
  /** The unread messages, oldest first. */
  messages: { author: string; body: string }[]
  link: string
  /** The customer's My Profile, where the mail is turned off. */
  profileLink?: string
}

/** The longest part of a message quoted in the mail; the rest is read in the app. */
const QUOTED_MAX = 1000

const quoted = (body: string) => {
  const characters = [...body]
  return characters.length > QUOTED_MAX ? `${characters.slice(0, QUOTED_MAX).join('')}…` : body
}

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim()

export function unreadMessagesMail(input: UnreadMessagesMailInput, site: SiteConfig = siteConfig): Mail {
  const what = input.subjectType === 'quote' ? 'quote' : 'booking'
  const count = input.messages.length
  const messagesWord = count === 1 ? 'a message' : `${count} messages`
  const subject =
    input.recipient === 'customer'
      ? `New message about your ${what} ${input.number}`
      : `Unanswered customer message: ${what} ${input.number} (${input.company})`
  const intro =
    input.recipient === 'customer'
      ? `${site.brand} sent you ${messagesWord} about your ${what} ${input.number} that no one in your company has read yet:`
      : `${input.company} wrote ${messagesWord} about ${what} ${input.number} that no one has read or answered for 5 minutes:`
  return compose(site, input.to, oneLine(subject), [
    para(`Hello ${input.name},`),
    para(intro),
    ...input.messages.map((message) => para(`${message.author}: ${quoted(message.body)}`)),
    linkPara('Read and answer it in the conversation:', 'Open the conversation', input.link),
    ...(input.profileLink
      ? [
          linkPara(
            'You get this mail because message notifications are on in My Profile:',
            'My Profile',
            input.profileLink,
          ),
        ]
      : []),
  ])
}
