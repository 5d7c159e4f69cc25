import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import type { TrackingView } from '../../../contract/bookings'
import { legCarriage } from '../../../contract/milestones'
import { trackingMachine } from '../../../machines/tracking.machine'
import { trackShipment } from '../../api/tracking'
import { customerStream } from '../../app/customer-stream'
import { etaMoved, formatTimeThere } from '../../app/datetime'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { MilestoneTimeline } from '../../components/shipment/milestone-timeline'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import { RouteMap } from './route-map'
import type { TrackingSearch } from './search'
import { ShipmentPicker } from './shipment-picker'
import * as styles from './tracking.css'

/** /user/tracking: track a shipment by its HBL (or HAWB) number; `?hbl=` opens one. */
export function TrackingPage({ info, search }: { info: PageInfo; search: TrackingSearch }) {
  const { api, inspect } = useApp()
  const navigate = useNavigate()
  const actor = useActorRef(
    trackingMachine.provide({
      actors: { trackShipment: fromPromise(({ input }) => trackShipment(api, input.hbl)) },
      actions: {
        hblChanged: (_, hbl) => {
          navigate({ to: '/user/tracking', search: { hbl } })
        },
      },
    }),
    { input: { hbl: search.hbl }, ...(inspect ? { inspect } : {}) },
  )
  // Back, Forward or a link to another ?hbl= while the page is open.
  useEffect(() => {
    actor.send({ type: 'url.changed', hbl: search.hbl ?? '' })
  }, [actor, search.hbl])
  // The shipment shown changed (a milestone posted or retracted, a hold): read it again.
  useEffect(
    () =>
      customerStream().subscribe({
        booking: (change) => {
          if (change.number === actor.getSnapshot().context.view?.bookingNumber)
            actor.send({ type: 'shipment.changed' })
        },
      }),
    [actor],
  )
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)

  return (
    <article>
      <h1>{info.heading}</h1>
      <Form
        className={styles.form}
        aria-label="Track a shipment"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.submit' })
        }}
      >
        <div className={styles.field}>
          <TextField
            label="HBL number"
            name="hbl"
            value={context.text}
            placeholder="ESHBL2026000123"
            autoComplete="off"
            error={context.error ?? undefined}
            onChange={(value) => actor.send({ type: 'field.changed', value })}
          />
        </div>
        <Button type="submit" className={styles.submit} isDisabled={state === 'loading'}>
          Track
        </Button>
      </Form>
      {state === 'loading' ? <p role="status">Looking up {context.hbl}…</p> : null}
      {state === 'notFound' ? (
        <p className={styles.alert} role="alert">
          {context.message}
        </p>
      ) : null}
      {state === 'failed' ? (
        <div className={styles.alert} role="alert">
          <p>{context.message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {(state === 'found' || state === 'refreshing') && context.view ? (
        <Shipment view={context.view} />
      ) : null}
      {state === 'idle' || state === 'notFound' ? <ShipmentPicker /> : null}
    </article>
  )
}

/**
 * When the cargo arrives: the current ETA while it is under way; once delivered, when it was delivered
 * (no ETA any more); a cancelled booking, that it was cancelled. Times are the destination's local time;
 * the heading names the place ("Current ETA at Nhava Sheva", "29 Nov, 09:30 (GMT+5:30)").
 */
function Arrival({ view }: { view: TrackingView }) {
  const there = (iso: string) => <time dateTime={iso}>{formatTimeThere(iso, view.destination)}</time>
  if (view.status === 'Cancelled') {
    return (
      <div>
        <p className={styles.muted}>Arrival at {view.destination.name}</p>
        <p className={styles.eta} data-testid="eta">
          Cancelled: this booking will not be shipped
        </p>
      </div>
    )
  }
  if (view.status === 'Delivered') {
    const byKey = (key: string) => view.milestones.find((m) => m.key === key)?.actual
    const delivered = byKey('delivered') ?? byKey('arrived')
    return (
      <div>
        <p className={styles.muted}>Delivered at {view.destination.name}</p>
        <p className={styles.eta} data-testid="eta">
          {delivered ? there(delivered) : 'Delivered'}
        </p>
      </div>
    )
  }
  const moved = Math.round(view.eta.movedHours)
  return (
    <div>
      <p className={styles.muted}>Current ETA at {view.destination.name}</p>
      <p className={styles.eta} data-testid="eta">
        {view.eta.current ? there(view.eta.current) : 'Not known yet'}
      </p>
      {view.eta.current && view.eta.original ? (
        <p
          className={styles.moved[moved > 0 ? 'later' : moved < 0 ? 'earlier' : 'same']}
          data-testid="eta-moved"
        >
          {etaMoved(view.eta.movedHours)}
        </p>
      ) : null}
      {view.eta.original && moved !== 0 ? (
        <p className={styles.muted}>Planned: {there(view.eta.original)}</p>
      ) : null}
    </div>
  )
}

function Shipment({ view }: { view: TrackingView }) {
  return (
    <>
      <section className={styles.section} aria-labelledby="shipment-title">
        <h2 id="shipment-title">
          {view.hbl}: {view.origin.name} ({view.origin.code}) → {view.destination.name} (
          {view.destination.code})
        </h2>
        <div className={styles.summary}>
          <Arrival view={view} />
          <div>
            <p className={styles.muted}>Status</p>
            <p>
              <strong data-testid="tracking-status">{view.status}</strong> · {view.mode}
            </p>
            <p>
              Booking{' '}
              <Link
                to="/user/bookings/$number"
                params={{ number: view.bookingNumber }}
                className={styles.link}
              >
                {view.bookingNumber}
              </Link>
            </p>
          </div>
        </div>
        {view.legs.length > 0 ? (
          <ol>
            {view.legs.map((leg) => (
              <li key={`${leg.from.code}-${leg.to.code}`}>
                {leg.from.name} → {leg.to.name}: {legCarriage(leg, view.status)}
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="map-title">
        <h2 id="map-title">Route</h2>
        <RouteMap view={view} />
      </section>
      <section className={styles.section} aria-labelledby="timeline-title">
        <h2 id="timeline-title">Milestones</h2>
        <MilestoneTimeline milestones={view.milestones} status={view.status} />
      </section>
    </>
  )
}
