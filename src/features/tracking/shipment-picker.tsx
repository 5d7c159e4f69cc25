import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { noBookingFilters } from '../../../contract/bookings'
import { shipmentPickerMachine } from '../../../machines/shipment-picker.machine'
import { listBookings } from '../../api/bookings'
import { formatPlaceTime } from '../../app/datetime'
import { useApp } from '../../app/use-app'
import { StatusBadge } from '../../components/shipment/status-badge'
import { Button } from '../../components/ui/button'
import * as styles from './picker.css'

/** HBL Tracking without a number: the company's shipments, newest first, each opening its tracking. */
export function ShipmentPicker() {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    shipmentPickerMachine.provide({
      actors: { listShipments: fromPromise(() => listBookings(api, noBookingFilters)) },
    }),
    inspect ? { inspect } : undefined,
  )
  const snapshot = useSelector(actor, (s) => s)
  const { shipments, total, message } = snapshot.context
  return (
    <section aria-labelledby="your-shipments">
      <h2 id="your-shipments">Your shipments</h2>
      {snapshot.matches('loading') ? <p role="status">Loading your shipments…</p> : null}
      {snapshot.matches('failed') ? (
        <div role="alert">
          <p className={styles.alert}>Your shipments could not be loaded. {message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {snapshot.matches('ready') && shipments.length === 0 ? (
        <p className={styles.muted}>
          No shipment to track yet: a booking gets its house bill number once operations confirm it.
        </p>
      ) : null}
      {shipments.length > 0 ? (
        <ul className={styles.list}>
          {shipments.map((shipment) => (
            <li key={shipment.number} className={styles.item} data-testid="trackable-shipment">
              <div className={styles.head}>
                <Link
                  to="/user/tracking"
                  search={{ hbl: shipment.hbl ?? '' }}
                  className={styles.link}
                  aria-label={`Track ${shipment.hbl}`}
                >
                  {shipment.hbl}
                </Link>
                <StatusBadge status={shipment.status} />
              </div>
              <span>
                {shipment.origin.name} ({shipment.origin.code}) → {shipment.destination.name} (
                {shipment.destination.code})
              </span>
              <span className={styles.muted}>
                {shipment.mode} · {shipment.carrier} · booking {shipment.number}
                {shipment.eta ? ` · ETA ${formatPlaceTime(shipment.eta, shipment.destination)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {total > shipments.length ? (
        <p className={styles.muted}>
          The newest {shipments.length} of {total}.{' '}
          <Link to="/user/bookings">All of them are in My Bookings</Link>.
        </p>
      ) : null}
    </section>
  )
}
