import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { bookingStatuses, bookingTimeText } from '../../../contract/bookings'
import { modes } from '../../../contract/pricing/types'
import { countText } from '../../../contract/text'
import { isFiltered, myBookingsMachine } from '../../../machines/my-bookings.machine'
import { listBookings } from '../../api/bookings'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { StatusBadge } from '../../components/shipment/status-badge'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { WhoseFilter } from '../../components/ui/whose-filter'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './bookings.css'
import { filtersOf, searchOf } from './filters'
import type { BookingsSearch } from './search'

const ALL = 'All'
const columns = ['Booking', 'Lane', 'Mode', 'Carrier', 'ETD', 'ETA', 'Status', 'Documents outstanding']

/**
 * /user/bookings: the company's bookings (or only the signed-in person's: Mine), filtered by status and mode,
 * searched by booking or HBL number; each says who booked it.
 */
export function MyBookings({ info, search }: { info: PageInfo; search: BookingsSearch }) {
  const { api, inspect } = useApp()
  const navigate = useNavigate()
  const actor = useActorRef(
    myBookingsMachine.provide({
      actors: { listBookings: fromPromise(({ input }) => listBookings(api, input)) },
      actions: {
        filtersChanged: (_, filters) => {
          navigate({ to: '/user/bookings', search: searchOf(filters), replace: true })
        },
      },
    }),
    { input: { filters: filtersOf(search) }, ...(inspect ? { inspect } : {}) },
  )
  const context = useSelector(actor, (s) => s.context)
  const state = useSelector(actor, (s) => s.value)
  const { bookings, filters } = context
  const now = new Date()

  return (
    <article>
      <h1>{info.heading}</h1>
      <search className={styles.grid} aria-label="Filter bookings">
        <SelectField
          label="Status"
          options={[ALL, ...bookingStatuses]}
          value={filters.status || ALL}
          onChange={(value) =>
            actor.send({ type: 'filter.changed', filter: 'status', value: value === ALL ? '' : value })
          }
        />
        <SelectField
          label="Mode"
          options={[ALL, ...modes]}
          value={filters.mode || ALL}
          onChange={(value) =>
            actor.send({ type: 'filter.changed', filter: 'mode', value: value === ALL ? '' : value })
          }
        />
        <TextField
          label="Search"
          type="search"
          value={filters.q}
          placeholder="Booking or HBL number"
          onChange={(q) => actor.send({ type: 'search.changed', q })}
        />
      </search>
      <WhoseFilter
        label="Bookings"
        mine={filters.mine}
        onChange={(mine) => actor.send({ type: 'whose.changed', mine })}
      />
      {state === 'failed' ? (
        <div className={styles.alert} role="alert">
          <p>{context.message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      <p className={styles.muted} role="status">
        {state === 'loading' || state === 'typing'
          ? 'Loading…'
          : state === 'list'
            ? countText(bookings.length, 'booking')
            : ''}
      </p>
      {state === 'list' && bookings.length === 0 ? (
        <div className={styles.notice} data-testid="bookings-empty">
          {isFiltered(filters) ? (
            <p>No bookings match these filters.</p>
          ) : (
            <>
              <p>You have no bookings yet. Get an instant quote and confirm it to book a shipment.</p>
              <Link to="/user/home" className={styles.link}>
                New quote
              </Link>
            </>
          )}
        </div>
      ) : null}
      {bookings.length > 0 ? (
        <table className={styles.table}>
          <caption className={visuallyHidden}>Your bookings</caption>
          <thead className={styles.head}>
            <tr>
              {columns.map((column) => (
                <th key={column} className={styles.headCell} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={styles.body}>
            {bookings.map((booking) => (
              <tr
                key={booking.number}
                className={styles.tableRow}
                data-testid="booking-row"
                // The booking number is the row's link for keyboards and screen readers; a click anywhere
                // on the row does the same for a mouse or a finger.
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a')) return
                  navigate({ to: '/user/bookings/$number', params: { number: booking.number } })
                }}
              >
                {/* The booking number and, once issued, the HBL under it: the shipment's two references. */}
                <td className={styles.cell} data-label="Booking">
                  <Link
                    to="/user/bookings/$number"
                    params={{ number: booking.number }}
                    className={`${styles.link} ${styles.reference}`}
                  >
                    {booking.number}
                  </Link>
                  {booking.hbl ? (
                    <span className={styles.secondReference}>
                      HBL{' '}
                      <Link
                        to="/user/tracking"
                        search={{ hbl: booking.hbl }}
                        className={styles.link}
                        aria-label={`Track ${booking.hbl}`}
                      >
                        {booking.hbl}
                      </Link>
                    </span>
                  ) : null}
                  <span className={styles.byline} data-testid="booked-by">
                    Booked by {booking.bookedBy}
                  </span>
                </td>
                <td className={styles.cell} data-label="Lane">
                  {booking.origin.name} ({booking.origin.code}) → {booking.destination.name} (
                  {booking.destination.code})
                </td>
                <td className={styles.cell} data-label="Mode">
                  {booking.mode}
                </td>
                <td className={styles.cell} data-label="Carrier">
                  {booking.carrier}
                </td>
                {/*
                  The Lane column names both places: ETD is the origin's local time, ETA the destination's;
                  until operations confirm, the planned sailing's days, marked planned (as on the booking's
                  pages and its PDF).
                */}
                <td className={styles.cell} data-label="ETD">
                  {bookingTimeText(booking, 'etd', { now, named: false }) ?? '—'}
                </td>
                <td className={styles.cell} data-label="ETA">
                  {bookingTimeText(booking, 'eta', { now, named: false }) ?? '—'}
                </td>
                <td className={styles.cell} data-label="Status">
                  <StatusBadge status={booking.status} />
                </td>
                <td
                  className={styles.cell}
                  data-label="Documents outstanding"
                  data-testid="documents-outstanding"
                >
                  {booking.documentsOutstanding > 0 ? (
                    <span className={styles.outstanding}>{booking.documentsOutstanding}</span>
                  ) : (
                    '0'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </article>
  )
}
