import { skipLoaderHeader } from '../../contract/constants'
import {
  type Conversation,
  type ConversationMessage,
  type ConversationSubject,
  conversationPaths,
  type HandledMark,
  type UnansweredConversations,
  type UnreadCounts,
} from '../../contract/conversations'
import type { ApiClient } from './client'

/**
 * Reading a conversation or the unread counts happens beside what the person is doing (as a page loads, and
 * again as messages arrive): it never shows the loading overlay, which would take the click meant for the page.
 */
const quietly = { headers: { [skipLoaderHeader]: 'true' } }

/** What the conversation panel reads and sends a conversation through (the customer's calls or the console's). */
export interface ConversationCalls {
  load: (subject: ConversationSubject) => Promise<Conversation>
  send: (subject: ConversationSubject, body: string) => Promise<ConversationMessage>
}

/** The customer's conversation calls (their company's quotes and bookings). */
export const customerConversations = (api: ApiClient): ConversationCalls => ({
  load: (subject: ConversationSubject) =>
    api<Conversation>(conversationPaths.conversation(subject.type, subject.number), quietly),
  send: (subject, body) =>
    api<{ message: ConversationMessage }>(conversationPaths.messages(subject.type, subject.number), {
      method: 'POST',
      body: { body },
    }).then((answer) => answer.message),
})

/** The staff console's conversation calls (any company's). */
export const staffConversations = (api: ApiClient): ConversationCalls => ({
  load: (subject) =>
    api<Conversation>(conversationPaths.staffConversation(subject.type, subject.number), quietly),
  send: (subject, body) =>
    api<{ message: ConversationMessage }>(conversationPaths.staffMessages(subject.type, subject.number), {
      method: 'POST',
      body: { body },
    }).then((answer) => answer.message),
})

export const unreadCounts = (api: ApiClient, staff = false) =>
  api<UnreadCounts>(staff ? conversationPaths.staffUnread : conversationPaths.unread, quietly)

/** listUnansweredConversations: the console's Messages inbox (the desks of the staff member's roles). */
export const unansweredConversations = (api: ApiClient) =>
  api<UnansweredConversations>(conversationPaths.staffUnanswered, quietly).then(
    (answer) => answer.conversations,
  )

/** markConversationHandled: the customer's messages up to `upTo` need no reply. */
export const markConversationHandled = (api: ApiClient, subject: ConversationSubject, upTo: number) =>
  api<HandledMark>(conversationPaths.staffHandled(subject.type, subject.number), {
    method: 'POST',
    body: { upTo },
  })
