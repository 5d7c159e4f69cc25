import {
  type Conversation,
  type ConversationMessage,
  type ConversationSubject,
  conversationPaths,
  type UnreadCounts,
} from '../../contract/conversations'
import type { ConversationCalls } from '../components/conversation/conversation-panel'
import type { ApiClient } from './client'

/** The customer's conversation calls (their company's quotes and bookings). */
export const customerConversations = (api: ApiClient): ConversationCalls => ({
  load: (subject: ConversationSubject) =>
    api<Conversation>(conversationPaths.conversation(subject.type, subject.number)),
  send: (subject, body) =>
    api<{ message: ConversationMessage }>(conversationPaths.messages(subject.type, subject.number), {
      method: 'POST',
      body: { body },
    }).then((answer) => answer.message),
})

/** The staff console's conversation calls (any company's). */
export const staffConversations = (api: ApiClient): ConversationCalls => ({
  load: (subject) => api<Conversation>(conversationPaths.staffConversation(subject.type, subject.number)),
  send: (subject, body) =>
    api<{ message: ConversationMessage }>(conversationPaths.staffMessages(subject.type, subject.number), {
      method: 'POST',
      body: { body },
    }).then((answer) => answer.message),
})

export const unreadCounts = (api: ApiClient, staff = false) =>
  api<UnreadCounts>(staff ? conversationPaths.staffUnread : conversationPaths.unread)
