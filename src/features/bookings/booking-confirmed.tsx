import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { documentsStep, operationsStep } from '../../../contract/booking-confirmation'
import { type BookingDetail, bookingMessages, bookingTimeText } from '../../../contract/bookings'
import { moneyText } from '../../../contract/pricing/money'
import { freeTimeText } from '../../../contract/pricing/schedule'
import { bookingConfirmedMachine } from '../../../machines/booking-confirmed.machine'
import { siteConfig } from '../../../site.config'
import { downloadBookingConfirmation } from '../../api/booking-confirmation'
import { getBooking } from '../../api/bookings'
import { formatScheduleDay } from '../../app/datetime'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import * as ui from '../../components/ui/ui.css'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as own from './booking-confirmed.css'
import * as styles from './bookings.css'
import { CreditHoldNotice } from './credit-hold'

/**
 * /user/bookings/$number/confirmed: where Confirm on /user/confirm-quote lands. The booking received, what
 * happens next (operations confirm it, the documents due with their dates, the planned sailing), the booking
 * confirmation PDF and the way to the booking's own page.
 */
export function BookingConfirmed({ number }: { number: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    bookingConfirmedMachine.provide({
      actors: {
        getBooking: fromPromise(({ input }) => getBooking(api, input.number)),
        downloadConfirmation: fromPromise(({ input }) => downloadBookingConfirmation(api, input.number)),
      },
    }),
    { input: { number }, ...(inspect ? { inspect } : {}) },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { booking, message, dialog } = snapshot.context
  const downloading = snapshot.matches({ ready: 'downloading' })
  // Arriving here from Confirm, the focus starts at the page's heading, as a page load would.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [])

  if (snapshot.matches('notFound')) {
    return (
      <article>
        <h1 ref={heading} tabIndex={-1}>
          Booking not found
        </h1>
        <p role="alert">{bookingMessages.notFound}</p>
        <Link to="/user/bookings" className={styles.link}>
          Back to My Bookings
        </Link>
      </article>
    )
  }

  return (
    <article>
      <h1 ref={heading} tabIndex={-1}>
        Booking {number} received
      </h1>
      {snapshot.matches('loading') ? <p role="status">Loading the booking…</p> : null}
      {snapshot.matches('failed') ? (
        <div className={styles.alert} role="alert">
          <p>{message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {booking ? (
        <>
          <Received booking={booking} />
          <CreditHoldNotice hold={booking.creditHold} />
          <NextSteps booking={booking} />
          <div className={own.actions}>
            <Link to="/user/bookings/$number" params={{ number }} className={ui.button({ tone: 'primary' })}>
              View booking
            </Link>
            <Button
              tone="secondary"
              isDisabled={downloading}
              onPress={() => actor.send({ type: 'pdf.download' })}
            >
              {downloading ? 'Downloading…' : 'Download booking confirmation (PDF)'}
            </Button>
          </div>
        </>
      ) : null}
      <ErrorDialog message={dialog} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </article>
  )
}

function Received({ booking }: { booking: BookingDetail }) {
  const place = (p: BookingDetail['origin']) => `${p.name} (${p.code})`
  return (
    <section className={styles.notice} aria-label="Booking received">
      <p className={own.stepText}>
        Thank you: we have your booking and have mailed you its details. Keep its number,{' '}
        <strong data-testid="booking-number">{booking.number}</strong>, for anything about this shipment.
      </p>
      <dl className={styles.facts}>
        <dt className={styles.term}>Quote</dt>
        <dd className={styles.detail}>{booking.quoteNumber}</dd>
        <dt className={styles.term}>Lane</dt>
        <dd className={styles.detail}>
          {booking.mode}: {place(booking.origin)} to {place(booking.destination)}
        </dd>
        <dt className={styles.term}>{booking.mode === 'AIR' ? 'Airline' : 'Carrier'}</dt>
        <dd className={styles.detail}>{booking.carrier}</dd>
        <dt className={styles.term}>Total</dt>
        <dd className={styles.detail} data-testid="booking-total">
          <strong>{moneyText(booking.price.totalUsd, 'USD')}</strong>{' '}
          <span className={styles.muted}>({moneyText(booking.price.totalSgd, 'SGD')})</span>
        </dd>
      </dl>
    </section>
  )
}

function NextSteps({ booking }: { booking: BookingDetail }) {
  const documents = booking.documents.filter((item) => item.kind !== 'hbl')
  const sailing = booking.plannedSailing
  const air = booking.mode === 'AIR'
  const now = new Date()
  const etd = bookingTimeText(booking, 'etd', { now, named: true })
  const eta = bookingTimeText(booking, 'eta', { now, named: true })
  return (
    <section className={styles.section} aria-labelledby="next-title">
      <h2 id="next-title">What happens next</h2>
      <ol className={own.steps}>
        <li>
          <h3 className={own.stepTitle}>
            {booking.status === 'Booking Received' ? 'We confirm your booking' : 'Your booking'}
          </h3>
          <p className={own.stepText} data-testid="operations-step">
            {operationsStep(booking, siteConfig.operationsDesk)}
          </p>
        </li>
        <li>
          <h3 className={own.stepTitle}>Send your documents</h3>
          <p className={own.stepText}>{documentsStep(booking)}</p>
          <ul className={own.dueList} aria-label="Documents due">
            {documents.map((item) => (
              <li key={item.kind} className={own.dueItem} data-testid="document-due">
                <span className={own.dueName}>{item.name}</span>
                <span className={styles.muted}>{item.required ? 'Required' : 'Optional'}</span>
                <span data-testid="due-date">
                  {item.dueDate ? `Due ${formatScheduleDay(item.dueDate)}` : 'Due date set at confirmation'}
                </span>
                <Link
                  to="/user/bookings/$number"
                  params={{ number: booking.number }}
                  hash="documents-title"
                  className={styles.link}
                >
                  Upload<span className={visuallyHidden}> {item.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <h3 className={own.stepTitle}>
            {booking.plannedTimes || !booking.etd
              ? air
                ? 'Your planned flight'
                : 'Your planned sailing'
              : air
                ? 'Your flight'
                : 'Your sailing'}
          </h3>
          {sailing || etd ? (
            <dl className={styles.facts} data-testid="planned-sailing">
              {/* ETD and ETA in the words of My Bookings, the booking page and the PDF (bookingTimeText). */}
              <dt className={styles.term}>ETD</dt>
              <dd className={styles.detail} data-testid="planned-etd">
                {etd ?? 'To be confirmed'}
              </dd>
              <dt className={styles.term}>ETA</dt>
              <dd className={styles.detail} data-testid="planned-eta">
                {eta ?? 'To be confirmed'}
              </dd>
              {sailing ? (
                <>
                  <dt className={styles.term}>Cargo cut-off</dt>
                  <dd className={styles.detail}>{formatScheduleDay(sailing.cargoCutoff)}</dd>
                  <dt className={styles.term}>Documents cut-off</dt>
                  <dd className={styles.detail}>{formatScheduleDay(sailing.docCutoff)}</dd>
                </>
              ) : null}
              {sailing && freeTimeText(booking.mode, sailing.freeDays) ? (
                <>
                  <dt className={styles.term}>Free time</dt>
                  <dd className={styles.detail}>{freeTimeText(booking.mode, sailing.freeDays)}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className={own.stepText}>Our operations team gives you the departure when they confirm.</p>
          )}
        </li>
      </ol>
    </section>
  )
}
