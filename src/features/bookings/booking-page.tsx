import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromCallback, fromPromise } from 'xstate'
import { type BookingDetail, bookingMessages, bookingTimeText } from '../../../contract/bookings'
import { documentsClosed } from '../../../contract/documents'
import { legCarriage } from '../../../contract/milestones'
import { notifyPartyText } from '../../../contract/parties'
import { moneyText } from '../../../contract/pricing/money'
import type { QuotePrice } from '../../../contract/pricing/types'
import { grossWeightsText, type Party } from '../../../contract/quotes'
import { mayChange } from '../../../contract/team'
import { bookingPageMachine } from '../../../machines/booking-page.machine'
import { documentUploadMachine, type UploadReport } from '../../../machines/document-upload.machine'
import { cancelBooking, getBooking } from '../../api/bookings'
import { customerConversations } from '../../api/conversations'
import { downloadDocument, listDocuments, uploadDocument } from '../../api/documents'
import { customerStream } from '../../app/customer-stream'
import { formatAccountTime, formatPlaceTime } from '../../app/datetime'
import { useApp } from '../../app/use-app'
import { useCompanyRole } from '../../app/use-company-role'
import { BookingCharges } from '../../components/charges/booking-charges'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { BookingEmissionsSection } from '../../components/shipment/booking-emissions'
import { ChargesTable } from '../../components/shipment/charges-table'
import { MilestoneTimeline } from '../../components/shipment/milestone-timeline'
import { StatusBadge } from '../../components/shipment/status-badge'
import { Button } from '../../components/ui/button'
import { Dialog, ErrorDialog } from '../../components/ui/dialog'
import { StatusSteps } from './booking-status'
import * as styles from './bookings.css'
import { CreditHoldNotice } from './credit-hold'
import { Documents } from './documents'

/**
 * /user/bookings/$number: one booking in full, who booked it, its documents and milestones; Cancel while allowed
 * (never for a Viewer).
 */
export function BookingPage({ number }: { number: string }) {
  const { api, inspect } = useApp()
  // A Viewer reads the booking: no Cancel, no Upload (the server refuses them with 403 anyway).
  const changes = mayChange(useCompanyRole())
  const actor = useActorRef(
    bookingPageMachine.provide({
      actors: {
        getBooking: fromPromise(({ input }) => getBooking(api, input.number)),
        cancelBooking: fromPromise(({ input }) => cancelBooking(api, input.number)),
        listDocuments: fromPromise(({ input }) => listDocuments(api, input.number)),
        downloadDocument: fromPromise(({ input }) =>
          downloadDocument(api, input.number, input.fileId, input.name),
        ),
        documentUpload: documentUploadMachine.provide({
          actors: {
            upload: fromCallback<UploadReport, { number: string; kind: never; file: unknown }>(
              ({ input, sendBack }) => {
                const { done, abort } = uploadDocument(api, {
                  number: input.number,
                  kind: input.kind,
                  file: input.file as File,
                  onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
                })
                done.then(
                  (file) => sendBack({ type: 'upload.succeeded', file }),
                  (error: unknown) => sendBack({ type: 'upload.failed', error }),
                )
                return abort
              },
            ) as never,
          },
        }),
      },
    }),
    { input: { number }, ...(inspect ? { inspect } : {}) },
  )
  // Operations changed this booking (confirmed it, posted a milestone, reviewed a document): read it again.
  useEffect(
    () =>
      customerStream().subscribe({
        booking: (change) => {
          if (change.number === number) actor.send({ type: 'booking.changed' })
        },
      }),
    [actor, number],
  )
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)
  const confirming = useSelector(
    actor,
    (s) => s.matches({ ready: { cancel: 'confirming' } }) || s.matches({ ready: { cancel: 'cancelling' } }),
  )
  const cancelling = useSelector(actor, (s) => s.matches({ ready: { cancel: 'cancelling' } }))
  const downloading = useSelector(actor, (s) => s.matches({ ready: { downloads: 'downloading' } }))
  const { booking } = context

  if (state === 'notFound') {
    return (
      <article>
        <h1>Booking not found</h1>
        <p role="alert">{bookingMessages.notFound}</p>
        <Link to="/user/bookings" className={styles.link}>
          Back to My Bookings
        </Link>
      </article>
    )
  }

  return (
    <article>
      <p>
        <Link to="/user/bookings" className={styles.link}>
          ← My Bookings
        </Link>
      </p>
      <h1>Booking {number}</h1>
      {state === 'loading' ? <p role="status">Loading the booking…</p> : null}
      {state === 'failed' ? (
        <div className={styles.alert} role="alert">
          <p>{context.message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {booking ? (
        <>
          <section className={styles.section} aria-labelledby="status-title">
            <h2 id="status-title">
              Status <StatusBadge status={booking.status} />
            </h2>
            <StatusSteps status={booking.status} heldFrom={booking.heldFrom ?? null} />
            {booking.statusReason ? (
              <p className={booking.status === 'On Hold' ? styles.alert : styles.muted}>
                {booking.status === 'On Hold' ? 'On hold: ' : ''}
                {booking.statusReason}
              </p>
            ) : null}
            <CreditHoldNotice hold={booking.creditHold} />
            {context.notice ? (
              <p className={styles.notice} role="status">
                {context.notice}
              </p>
            ) : null}
            <dl className={styles.facts}>
              <dt className={styles.term}>HBL</dt>
              <dd className={styles.detail}>
                {booking.hbl ? (
                  <Link
                    to="/user/tracking"
                    search={{ hbl: booking.hbl }}
                    className={styles.link}
                    aria-label={`Track ${booking.hbl}`}
                  >
                    {booking.hbl}
                  </Link>
                ) : booking.status === 'Cancelled' ? (
                  'Not issued: the booking was cancelled'
                ) : (
                  'Issued once the booking is confirmed'
                )}
              </dd>
              <dt className={styles.term}>Mode</dt>
              <dd className={styles.detail}>{booking.mode}</dd>
              <dt className={styles.term}>Carrier</dt>
              <dd className={styles.detail}>{booking.carrier}</dd>
              <dt className={styles.term}>ETD</dt>
              <dd className={styles.detail} data-testid="booking-etd">
                {bookingTimeText(booking, 'etd', { now: new Date(), named: true }) ?? 'To be confirmed'}
              </dd>
              <dt className={styles.term}>ETA</dt>
              <dd className={styles.detail} data-testid="booking-eta">
                {bookingTimeText(booking, 'eta', { now: new Date(), named: true }) ?? 'To be confirmed'}
              </dd>
              <dt className={styles.term}>Quote</dt>
              <dd className={styles.detail}>{booking.quoteNumber}</dd>
              <dt className={styles.term}>Booked</dt>
              <dd className={styles.detail}>{formatAccountTime(booking.createdAt)}</dd>
            </dl>
            <p className={styles.muted} data-testid="booked-by">
              Booked by {booking.bookedBy}
            </p>
            {changes && booking.canCancel ? (
              <p>
                <Button tone="secondary" onPress={() => actor.send({ type: 'cancel.requested' })}>
                  Cancel booking
                </Button>
              </p>
            ) : null}
          </section>
          <Parties booking={booking} />
          <Cargo booking={booking} />
          <Route booking={booking} />
          <Charges price={booking.price} />
          <BookingCharges number={number} />
          {booking.emissions ? <BookingEmissionsSection emissions={booking.emissions} /> : null}
          <Documents
            documents={context.documents}
            uploads={context.uploads}
            hbl={booking.hbl}
            closed={documentsClosed(booking.status, booking.heldFrom ?? null)}
            downloading={downloading}
            onChoose={(kind, files) => actor.send({ type: 'files.chosen', kind, files })}
            onDownload={(fileId, name) => actor.send({ type: 'file.download', fileId, name })}
            onDismiss={(upload) => upload.ref.send({ type: 'user.dismiss' })}
            readOnly={!changes}
          />
          <section className={styles.section} aria-labelledby="milestones-title">
            <h2 id="milestones-title">Milestones</h2>
            <MilestoneTimeline milestones={booking.milestones} status={booking.status} />
          </section>
        </>
      ) : null}
      <Dialog
        isOpen={confirming}
        title="Cancel this booking?"
        width={500}
        onClose={() => actor.send({ type: 'cancel.dismissed' })}
        actions={
          <>
            <Button
              tone="secondary"
              isDisabled={cancelling}
              onPress={() => actor.send({ type: 'cancel.dismissed' })}
            >
              Keep booking
            </Button>
            <Button isDisabled={cancelling} onPress={() => actor.send({ type: 'cancel.confirmed' })}>
              {cancelling ? 'Cancelling…' : 'Cancel booking'}
            </Button>
          </>
        }
      >
        <p>Booking {number} will be cancelled and its quote released. This cannot be undone.</p>
      </Dialog>
      {booking ? (
        <ConversationPanel
          subject={{ type: 'booking', number }}
          calls={customerConversations(api)}
          stream={customerStream()}
          other="our operations team"
          readOnly={!changes}
        />
      ) : null}
      <ErrorDialog message={context.dialog} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </article>
  )
}

/** A party in full; only the notify party may be missing, worded as its documents word it (notifyPartyText). */
function PartyBlock({ title, party }: { title: string; party: Party | null }) {
  return (
    <div>
      <h3>{title}</h3>
      {party ? (
        <p className={styles.detail}>
          <strong>{party.name}</strong>
          {'\n'}
          {party.address}
          {party.contact ? `\n${party.contact}` : ''}
        </p>
      ) : (
        <p className={styles.muted}>{notifyPartyText(null)}</p>
      )}
    </div>
  )
}

/** The booking's parties; exported for the view tests that compare it with the PDF's words. */
export function Parties({ booking }: { booking: BookingDetail }) {
  return (
    <section className={styles.section} aria-labelledby="parties-title">
      <h2 id="parties-title">Parties</h2>
      <div className={styles.grid}>
        <PartyBlock title="Shipper" party={booking.shipper} />
        <PartyBlock title="Consignee" party={booking.consignee} />
        <PartyBlock title="Notify party" party={booking.notifyParty} />
      </div>
      {booking.pickupAddress || booking.deliveryAddress ? (
        <dl className={styles.facts}>
          {booking.pickupAddress ? (
            <>
              <dt className={styles.term}>Pickup</dt>
              <dd className={styles.detail}>{booking.pickupAddress}</dd>
            </>
          ) : null}
          {booking.deliveryAddress ? (
            <>
              <dt className={styles.term}>Delivery</dt>
              <dd className={styles.detail}>{booking.deliveryAddress}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  )
}

function Cargo({ booking }: { booking: BookingDetail }) {
  return (
    <section className={styles.section} aria-labelledby="cargo-title">
      <h2 id="cargo-title">Cargo</h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>Description</dt>
        <dd className={styles.detail}>{booking.cargoDescription}</dd>
        <dt className={styles.term}>Summary</dt>
        <dd className={styles.detail}>
          {booking.cargoSummary}
          {booking.containerWeightsKg?.length ? ` · ${grossWeightsText(booking.containerWeightsKg)}` : ''}
        </dd>
        <dt className={styles.term}>Hazardous</dt>
        <dd className={styles.detail}>
          {booking.hazardous
            ? `UN ${booking.hazardous.unNumber}, class ${booking.hazardous.dgClass}, packing group ${booking.hazardous.packingGroup}`
            : 'No'}
        </dd>
      </dl>
    </section>
  )
}

function Route({ booking }: { booking: BookingDetail }) {
  return (
    <section className={styles.section} aria-labelledby="route-title">
      <h2 id="route-title">Route</h2>
      <p>
        {booking.origin.name} ({booking.origin.code}) → {booking.destination.name} ({booking.destination.code}
        )
      </p>
      {booking.legs.length === 0 ? (
        <p className={styles.muted}>The route is confirmed with the booking.</p>
      ) : null}
      <ol className={styles.legs}>
        {booking.legs.map((leg) => (
          <li key={`${leg.from.code}-${leg.to.code}`}>
            <strong>
              {leg.from.name} ({leg.from.code}) → {leg.to.name} ({leg.to.code})
            </strong>
            <br />
            {legCarriage(leg, booking.status, booking.heldFrom ?? null)}
            <br />
            <span className={styles.muted}>
              ETD {leg.etd ? formatPlaceTime(leg.etd, leg.from) : 'to be confirmed'} · ETA{' '}
              {leg.eta ? formatPlaceTime(leg.eta, leg.to) : 'to be confirmed'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The charges as confirmed: lines by side with each side's total, then the total in USD and SGD. */
function Charges({ price }: { price: QuotePrice }) {
  return (
    <section className={styles.section} aria-labelledby="charges-title">
      <h2 id="charges-title">Charges</h2>
      <ChargesTable price={price} groupTotals />
      <p className={styles.total} data-testid="booking-total">
        Total {moneyText(price.totalUsd, 'USD')}{' '}
        <span className={styles.muted}>({moneyText(price.totalSgd, 'SGD')})</span>
      </p>
    </section>
  )
}
