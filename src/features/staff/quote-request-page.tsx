import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import type { DeskRequestDetail } from '../../../contract/quote-desk'
import {
  mayAssignRequest,
  mayAssignTo,
  mayOffer,
  offerBuilderMachine,
} from '../../../machines/offer-builder.machine'
import { staffConversations } from '../../api/conversations'
import { assignQuoteRequest, getQuoteRequest, previewOffer, sendOffer } from '../../api/quote-desk'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { usd } from '../../components/shipment/money'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import { type OfferBuilderActor, OfferForm } from './offer-form'
import { RequestFacts } from './quote-request-facts'
import * as styles from './sales-desk.css'

/** /staff/quotes/$number (sales): the request, taking it, pricing an offer, previewing and sending it. */
export function QuoteRequestPage({ number }: { number: string }) {
  const { api, session } = staffConsole()
  const selfId = useSelector(session, (s) => s.context.staff?.id ?? null)
  const actor = useActorRef(
    offerBuilderMachine.provide({
      actors: {
        loadRequest: fromPromise(({ input }) => getQuoteRequest(api, input.number)),
        // "Assign to me" names nobody (the caller takes it); "Give it to a colleague" names the one chosen.
        assignRequest: fromPromise(({ input: { number, ...body } }) => assignQuoteRequest(api, number, body)),
        previewOffer: fromPromise(({ input }) => previewOffer(api, input.number, input.offer)),
        sendOffer: fromPromise(({ input }) => sendOffer(api, input.number, input.offer)),
      },
    }),
    { input: { number, selfId } },
  )
  const state = useSelector(actor, (s) => s)
  const { request, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/quotes" className={styles.link}>
          Sales desk
        </Link>
      </p>
      <h1>Quote request {number}</h1>
      <p role="status" className={styles.note}>
        {notice ?? ''}
      </p>
      {state.matches('loading') ? <p>Loading the request…</p> : null}
      {message ? (
        <div role="alert" className={consoleStyles.error}>
          <p>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {request ? (
        <>
          <RequestFacts request={request} selfId={selfId} />
          {mayAssignRequest(request, selfId) ? (
            <div className={styles.actions}>
              <Button isDisabled={!idle} onPress={() => actor.send({ type: 'user.assign' })}>
                {state.matches({ ready: 'assigning' }) ? 'Assigning…' : 'Assign to me'}
              </Button>
            </div>
          ) : null}
          <AssignColleague actor={actor} request={request} selfId={selfId} busy={!idle} />
          {mayOffer(request) ? <OfferForm actor={actor} /> : null}
          <Versions request={request} />
          <ConversationPanel
            subject={{ type: 'quote', number }}
            calls={staffConversations(api)}
            stream={staffStream()}
            other="the customer"
          />
        </>
      ) : null}
    </div>
  )
}

function Versions({ request }: { request: DeskRequestDetail }) {
  if (request.offers.length === 0) return null
  const newestFirst = [...request.offers].sort((a, b) => b.version - a.version)
  return (
    <section className={styles.section} aria-labelledby="versions-title">
      <h2 id="versions-title">Offers sent</h2>
      <ul className={styles.versions}>
        {newestFirst.map((offer) => (
          <li
            key={offer.version}
            className={[styles.version, offer.superseded ? styles.superseded : ''].join(' ')}
            data-testid="offer-version"
          >
            <strong>Version {offer.version}</strong>
            {offer.superseded ? ' (superseded)' : ' (current)'} · sent by {offer.sentBy},{' '}
            {formatAccountTime(offer.sentAt)}
            <div>
              {offer.carrier}, {offer.service}, {offer.transitDays} days · {usd(offer.totalUsd)} · valid until{' '}
              {formatDay(offer.validTo)}
            </div>
            {offer.note ? <div className={styles.muted}>“{offer.note}”</div> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** "Assign to" a colleague with the Sales role (the lifecycle allowing it), other than the assignee and oneself. */
function AssignColleague({
  actor,
  request,
  selfId,
  busy,
}: {
  actor: OfferBuilderActor
  request: DeskRequestDetail
  selfId: number | null
  busy: boolean
}) {
  const [chosen, setChosen] = useState('')
  const others = request.colleagues.filter((one) => one.id !== selfId && mayAssignTo(request, one.id))
  if (others.length === 0) return null
  return (
    <div className={styles.picker}>
      <div className={styles.pickerField}>
        <label htmlFor="assign-colleague" className={ui.label}>
          Give it to a colleague
        </label>
        <select
          id="assign-colleague"
          className={styles.nativeInput}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose a colleague</option>
          {others.map((one) => (
            <option key={one.id} value={String(one.id)}>
              {one.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        tone="secondary"
        isDisabled={chosen === '' || busy}
        onPress={() => actor.send({ type: 'user.assign', staffId: Number(chosen) })}
      >
        Assign
      </Button>
    </div>
  )
}
