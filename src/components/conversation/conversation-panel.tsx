import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { type ConversationSubject, characterCount, MESSAGE_MAX } from '../../../contract/conversations'
import { groupedNumber } from '../../../contract/text'
import { conversationMachine } from '../../../machines/conversation.machine'
import type { ConversationCalls } from '../../api/conversations'
import { formatAccountTime } from '../../app/datetime'
import type { EventStream } from '../../app/event-stream'
import { ViewerNote } from '../page/viewer-note'
import { Button } from '../ui/button'
import * as ui from '../ui/ui.css'
import * as styles from './conversation.css'

/**
 * The conversation of a quote or a booking between the customer's company and the forwarder's staff: the
 * messages, newest last, arriving live through `stream`, and a box to write one. The customer's pages and the
 * console use it with their own calls; `other` names the other side ("our team", "the customer").
 */
export function ConversationPanel({
  subject,
  calls,
  stream,
  other,
  onRead,
  readOnly = false,
}: {
  subject: ConversationSubject
  calls: ConversationCalls
  stream: EventStream
  other: string
  /** The unread counts may have changed (the conversation was read). */
  onRead?: () => void
  /** A Viewer of the customer's company (issue 24): the messages, no box to write one, and why. */
  readOnly?: boolean
}) {
  const actor = useActorRef(
    conversationMachine.provide({
      actors: {
        load: fromPromise(({ input }) => calls.load(input)),
        reread: fromPromise(({ input }) => calls.load(input)),
        send: fromPromise(({ input }) => calls.send(input.subject, input.body)),
      },
      actions: {
        readChanged: () => {
          stream.markRead()
          onRead?.()
        },
      },
    }),
    { input: { subject } },
  )
  useEffect(
    () =>
      stream.subscribe({
        message: (message) => actor.send({ type: 'stream.message', message }),
        ready: () => actor.send({ type: 'stream.ready' }),
      }),
    [actor, stream],
  )
  const state = useSelector(actor, (s) => s)
  const { messages, values, errors, shown, problem } = state.context
  const headingId = `conversation-${subject.number}`
  const bodyError = shown.body ? errors.body?.[0] : undefined
  const used = characterCount(values.body)
  const sending = state.matches({ ready: { draft: 'sending' } })
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Messages</h2>
      {state.matches('loading') ? <p role="status">Loading the conversation…</p> : null}
      {state.matches('failed') ? (
        <div role="alert">
          <p className={styles.problem}>{problem}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {state.matches('ready') ? (
        <>
          {messages.length === 0 ? (
            <p className={styles.meta}>
              No messages yet.{readOnly ? '' : ` Ask ${other} anything about this ${subject.type}.`}
            </p>
          ) : (
            // New messages are announced as they arrive.
            <ol className={styles.list} aria-live="polite" aria-label={`Messages about ${subject.number}`}>
              {messages.map((message) => (
                <li key={message.id} className={[styles.message, message.mine ? styles.mine : ''].join(' ')}>
                  <span className={styles.meta}>
                    {message.mine ? 'You' : message.author.name}
                    {message.author.kind === 'staff' && !message.mine ? ' (eShip)' : ''} ·{' '}
                    {formatAccountTime(message.at)}
                  </span>
                  {message.body}
                </li>
              ))}
            </ol>
          )}
          {readOnly ? (
            <ViewerNote />
          ) : (
            <Form
              validationBehavior="aria"
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'user.submit' })
              }}
            >
              {problem ? (
                <p role="alert" className={styles.problem}>
                  {problem}
                </p>
              ) : null}
              <AriaTextField
                className={ui.field}
                value={values.body}
                onChange={(value) => actor.send({ type: 'field.changed', field: 'body', value })}
                isInvalid={Boolean(bodyError)}
              >
                <Label className={ui.label}>Your message</Label>
                <TextArea className={ui.input} rows={3} />
                <Text slot="description" className={styles.count}>
                  {groupedNumber(used)} / {groupedNumber(MESSAGE_MAX)}
                </Text>
                {bodyError ? (
                  <Text slot="errorMessage" className={ui.fieldError}>
                    {bodyError}
                  </Text>
                ) : null}
              </AriaTextField>
              <Button type="submit" isDisabled={sending}>
                Send
              </Button>
            </Form>
          )}
        </>
      ) : null}
    </section>
  )
}
