import { useActorRef, useSelector } from '@xstate/react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import { fromPromise } from 'xstate'
import type { QuoteDeskView } from '../../../contract/quotes'
import { countText } from '../../../contract/text'
import type { MessageResponse } from '../../../contract/wire'
import { offerDeclineMachine } from '../../../machines/offer-decline.machine'
import { canRequest } from '../../../machines/quote-request.machine'
import type { ApiClient } from '../../api/client'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import * as ui from '../../components/ui/ui.css'
import { usd } from './money'
import * as styles from './quotes.css'

/**
 * A quote our sales team priced: who sent the offer and when, their note, earlier versions, and Decline with a
 * reason while the offer is open. `onDeclined` reads the quote again.
 */
export function SalesOffer({
  api,
  number,
  desk,
  onDeclined,
  readOnly = false,
}: {
  api: ApiClient
  number: string
  desk: QuoteDeskView
  onDeclined: () => void
  /** A Viewer of the company (issue 24): the offer, not its decline. */
  readOnly?: boolean
}) {
  const actor = useActorRef(
    offerDeclineMachine.provide({
      actors: {
        decline: fromPromise(({ input }) =>
          api<MessageResponse>(`/api/quotes/${encodeURIComponent(input.number)}/decline`, {
            method: 'POST',
            body: { reason: input.reason },
          }),
        ),
      },
      actions: { declined: onDeclined },
    }),
    { input: { number } },
  )
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, message } = state.context
  const current = desk.offers.find((offer) => !offer.superseded)
  const earlier = desk.offers.filter((offer) => offer.superseded)
  const reasonError = shown.reason ? errors.reason?.[0] : undefined
  return (
    <section className={styles.section} aria-labelledby="sales-offer-title">
      <h2 id="sales-offer-title">Priced by our sales team</h2>
      {current ? (
        <p>
          Version {current.version}, sent by {current.sentBy} on {formatAccountTime(current.sentAt)}:{' '}
          {current.carrier}, {countText(current.transitDays, 'day')}, {usd(current.totalUsd)} before services,
          valid until {formatDay(current.validTo)}.
        </p>
      ) : null}
      {current?.note ? <blockquote className={styles.muted}>{current.note}</blockquote> : null}
      {desk.state === 'Declined' ? (
        <p className={styles.notice} role="status">
          You declined this offer{desk.declineReason ? ` (“${desk.declineReason}”)` : ''}. Our sales team has
          your reason and may send a revised one.
        </p>
      ) : null}
      {desk.state === 'Expired' ? (
        <p className={styles.notice} role="status">
          This offer has expired. Our sales team can send a revised one.
        </p>
      ) : null}
      {earlier.length > 0 ? (
        <details>
          <summary>Earlier versions ({earlier.length})</summary>
          <ul>
            {earlier.map((offer) => (
              <li key={offer.version}>
                Version {offer.version} of {formatAccountTime(offer.sentAt)}: {offer.carrier},{' '}
                {usd(offer.totalUsd)}, replaced
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {!readOnly && canRequest(desk.state, 'customer.decline') ? (
        <Button tone="secondary" onPress={() => actor.send({ type: 'user.open' })}>
          Decline this offer
        </Button>
      ) : null}
      <Dialog
        isOpen={!state.matches('closed')}
        title="Decline the offer"
        width={500}
        role="dialog"
        isDismissable
        onClose={() => actor.send({ type: 'user.cancel' })}
        actions={
          <>
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.cancel' })}>
              Keep the offer
            </Button>
            <Button isDisabled={state.matches('sending')} onPress={() => actor.send({ type: 'user.submit' })}>
              Decline
            </Button>
          </>
        }
      >
        <Form
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          {message ? (
            <p role="alert" className={styles.notice}>
              {message}
            </p>
          ) : null}
          <AriaTextField
            className={ui.field}
            value={values.reason}
            onChange={(value) => actor.send({ type: 'field.changed', field: 'reason', value })}
            isInvalid={Boolean(reasonError)}
            autoFocus
          >
            <Label className={ui.label}>Why does it not suit you?</Label>
            <TextArea className={ui.input} rows={4} maxLength={1000} />
            {reasonError ? (
              <Text slot="errorMessage" className={ui.fieldError}>
                {reasonError}
              </Text>
            ) : null}
          </AriaTextField>
        </Form>
      </Dialog>
    </section>
  )
}
