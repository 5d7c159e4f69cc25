/**
 * The sections of the dashboard, each drawn from its part of the one answer (contract/dashboard.ts). They
 * hold no state: the page (dashboard.tsx) passes what its actor has.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Dashboard, DashboardLane } from '../../../contract/dashboard'
import { moneyText } from '../../../contract/pricing/money'
import { countText } from '../../../contract/text'
import {
  etaMoved,
  formatAccountTime,
  formatDay,
  formatPlaceTime,
  formatTimeThere,
  type TimePlace,
} from '../../app/datetime'
import { ChargeCard } from '../../components/charges/charge-card'
import { StatusBadge } from '../../components/shipment/status-badge'
import { badge } from '../../components/ui/badge.css'
import * as styles from './dashboard.css'

type Attention = Dashboard['attention']
type Tone = keyof typeof badge

export const usd = (cents: number) => moneyText(cents, 'USD')

export const laneText = ({ origin, destination }: DashboardLane) =>
  `${origin.name} (${origin.code}) → ${destination.name} (${destination.code})`

/** A milestone with no place: its time is shown in UTC, said so. */
const unplaced: TimePlace = { name: '', time_zone: null }

/** The element id of the quote form's heading (src/features/quotes/quote-form.tsx): the offer leads there. */
export const QUOTE_FORM_ANCHOR = 'quote-form-title'

/**
 * A time at a place, in the place's local time: "23 Nov, 14:30 at Nhava Sheva (GMT+5:30)", or without the
 * name (`named={false}`) where the text beside it names the place. Never the reader's own zone.
 */
function When({ iso, place, named = true }: { iso: string; place: TimePlace; named?: boolean }) {
  return <time dateTime={iso}>{named ? formatPlaceTime(iso, place) : formatTimeThere(iso, place)}</time>
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function BookingLink({ number }: { number: string }) {
  return (
    <Link to="/user/bookings/$number" params={{ number }} className={styles.link}>
      {number}
    </Link>
  )
}

/**
 * The greeting, from the session's user at once. Whether they have been here before comes with the
 * dashboard (`returning`): until then the salutation waits, so a first visit is never "welcomed back".
 */
export function Greeting({
  user,
  returning,
  actions,
}: {
  user: { name: string; company: string }
  returning: boolean | undefined
  actions?: ReactNode
}) {
  return (
    <div className={styles.greeting}>
      <p className={styles.welcome} data-testid="dashboard-greeting">
        {returning === undefined ? '' : returning ? 'Welcome back, ' : 'Welcome, '}
        <strong>{user.name}</strong>
        <span className={styles.company}>{user.company}</span>
      </p>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  )
}

/**
 * One line at the top of the dashboard, above the quote form: what needs attention, with the way to it. It
 * holds its place from the start (checking, then the count), so nothing below it moves when the answer
 * comes.
 */
export function AttentionSummary({ attention }: { attention: Attention | null }) {
  const count = attention ? attentionItems(attention).length : null
  return (
    <p className={styles.summary} data-testid="attention-summary" data-count={count ?? undefined}>
      {count === null ? (
        'Checking what needs your attention…'
      ) : count === 0 ? (
        'Nothing needs your attention.'
      ) : (
        <a href="#needs-attention" className={styles.summaryLink}>
          {`${countText(count, 'thing')} ${count === 1 ? 'needs' : 'need'} your attention`}
        </a>
      )}
    </p>
  )
}

/** The landing page's promise, while the company has no LCL booking that stands. */
export function LclOffer() {
  return (
    <section className={styles.offer} aria-labelledby="lcl-offer" data-testid="lcl-offer">
      <h2 id="lcl-offer" className={styles.offerTitle}>
        10% off your first LCL shipment
      </h2>
      <p className={styles.offerText}>
        Your company’s first LCL (shared container) shipment gets 10% off its freight. Choose LCL in the quote
        form and the discount is applied when you book.
      </p>
      <a href={`#${QUOTE_FORM_ANCHOR}`} className={styles.link}>
        Get an LCL quote
      </a>
    </section>
  )
}

interface AttentionItem {
  key: string
  kind: 'quote' | 'document' | 'charge' | 'hold' | 'eta'
  tag: string
  tone: Tone
  link: ReactNode
  detail: ReactNode
}

type DocumentDue = Attention['documents'][number]

/** One booking's documents together, in the server's order (overdue first, then by due date). */
function documentsByBooking(documents: Attention['documents']): [string, DocumentDue[]][] {
  const byBooking = new Map<string, DocumentDue[]>()
  for (const doc of documents)
    byBooking.set(doc.bookingNumber, [...(byBooking.get(doc.bookingNumber) ?? []), doc])
  return [...byBooking]
}

const nameList = (names: string[]) => {
  const [first = '', ...rest] = names
  const all = [first, ...rest.map((name) => name.charAt(0).toLowerCase() + name.slice(1))]
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : first
}

/** "Commercial invoice and packing list were due 12 Nov 2026. Safety data sheet was rejected: …" */
function documentsText(docs: DocumentDue[]): string {
  const groups = new Map<string, DocumentDue[]>()
  for (const doc of docs) {
    const key = doc.status === 'Rejected' ? `rejected-${doc.kind}` : `${doc.overdue}-${doc.dueDate}`
    groups.set(key, [...(groups.get(key) ?? []), doc])
  }
  return [...groups.values()]
    .map((group) => {
      const [doc] = group as [DocumentDue]
      if (doc.status === 'Rejected') return `${doc.name} was rejected${doc.reason ? `: ${doc.reason}` : '.'}`
      const verb = group.length > 1 ? (doc.overdue ? 'were' : 'are') : doc.overdue ? 'was' : 'is'
      const due = doc.dueDate ? ` ${formatDay(doc.dueDate)}` : ''
      return `${nameList(group.map((d) => d.name))} ${verb} due${due}.`
    })
    .join(' ')
}

/** Everything the company should act on or know of, in one list: the issue's order, soonest first within. */
export function attentionItems(attention: Attention): AttentionItem[] {
  return [
    ...attention.expiringQuotes.map(
      (quote): AttentionItem => ({
        key: `quote-${quote.number}`,
        kind: 'quote',
        tag: 'Quote expiring',
        tone: 'warning',
        link: (
          <Link to="/user/getquote" search={{ quote: quote.number }} className={styles.link}>
            {quote.number}
          </Link>
        ),
        detail: (
          <>
            {laneText(quote)}, {quote.mode}
            {quote.totalUsd === null ? '' : `, ${usd(quote.totalUsd)}`}. Valid until
            {` ${formatDay(quote.validTo)}`}.
          </>
        ),
      }),
    ),
    ...documentsByBooking(attention.documents).map(([number, docs]): AttentionItem => {
      const rejected = docs.some((doc) => doc.status === 'Rejected')
      const overdue = docs.some((doc) => doc.overdue)
      return {
        key: `documents-${number}`,
        kind: 'document',
        tag: rejected ? 'Document rejected' : overdue ? 'Documents overdue' : 'Documents due',
        tone: rejected || overdue ? 'danger' : 'warning',
        link: <BookingLink number={number} />,
        detail: documentsText(docs),
      }
    }),
    ...attention.pendingCharges.map(
      (charge): AttentionItem => ({
        key: `charge-${charge.id}`,
        kind: 'charge',
        tag: 'Charge to approve',
        tone: 'warning',
        link: <BookingLink number={charge.bookingNumber} />,
        detail: <ChargeCard charge={charge} />,
      }),
    ),
    ...attention.onHold.map(
      (hold): AttentionItem => ({
        key: `hold-${hold.bookingNumber}`,
        kind: 'hold',
        tag: 'On hold',
        tone: 'warning',
        link: <BookingLink number={hold.bookingNumber} />,
        detail: hold.reason ?? 'Our operations team has put this booking on hold.',
      }),
    ),
    ...attention.etaMoved.map(
      (moved): AttentionItem => ({
        key: `eta-${moved.bookingNumber}`,
        kind: 'eta',
        tag: 'ETA changed',
        tone: 'info',
        link: <BookingLink number={moved.bookingNumber} />,
        detail: (
          <>
            {moved.hbl ? `${moved.hbl}: ` : ''}new ETA <When iso={moved.eta} place={moved.destination} />,{' '}
            {etaMoved(moved.movedHours)}.
          </>
        ),
      }),
    ),
  ]
}

/** What needs attention, itemised; left out when nothing does (the summary line above says so, once). */
export function NeedsAttention({ attention }: { attention: Attention }) {
  const items = attentionItems(attention)
  if (items.length === 0) return null
  return (
    <Section id="needs-attention" title="Needs attention">
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={styles.item} data-kind={item.kind} data-testid="attention-item">
            <div className={styles.itemHead}>
              <span className={badge[item.tone]}>{item.tag}</span>
              {item.link}
            </div>
            {item.kind === 'charge' ? item.detail : <p className={styles.detail}>{item.detail}</p>}
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function InTransit({ shipments }: { shipments: Dashboard['inTransit'] }) {
  return (
    <Section id="in-transit" title="In transit">
      {shipments.length === 0 ? (
        <p className={styles.empty}>No shipments in transit.</p>
      ) : (
        <ul className={styles.cards}>
          {shipments.map((shipment) => (
            <li key={shipment.bookingNumber} className={styles.card} data-testid="transit-item">
              <div className={styles.cardHead}>
                <BookingLink number={shipment.bookingNumber} />
                <StatusBadge status={shipment.status} />
              </div>
              <dl className={styles.facts}>
                <dt className={styles.term}>HBL</dt>
                <dd className={styles.definition}>
                  {shipment.hbl ? (
                    <Link
                      to="/user/tracking"
                      search={{ hbl: shipment.hbl }}
                      className={styles.link}
                      aria-label={`Track ${shipment.hbl}`}
                    >
                      {shipment.hbl}
                    </Link>
                  ) : (
                    '—'
                  )}
                </dd>
                <dt className={styles.term}>Lane</dt>
                <dd className={styles.definition}>{laneText(shipment)}</dd>
                <dt className={styles.term}>Mode</dt>
                <dd className={styles.definition}>{shipment.mode}</dd>
                <dt className={styles.term}>Next</dt>
                <dd className={styles.definition}>
                  {shipment.next ? (
                    <>
                      {shipment.next.label}
                      {shipment.next.at ? (
                        <>
                          , <When iso={shipment.next.at} place={shipment.next.place ?? unplaced} />
                        </>
                      ) : null}
                    </>
                  ) : (
                    '—'
                  )}
                </dd>
                <dt className={styles.term}>ETA</dt>
                <dd className={styles.definition}>
                  {shipment.eta ? <When iso={shipment.eta} place={shipment.destination} /> : '—'}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

const classifierText = { PLN: ' (planned)', EST: ' (estimated)', ACT: '' } as const

export function RecentActivity({ events }: { events: Dashboard['activity'] }) {
  return (
    <Section id="recent-activity" title="Recent activity">
      {events.length === 0 ? (
        <p className={styles.empty}>No shipment activity yet.</p>
      ) : (
        <ol className={styles.list}>
          {events.map((event) => (
            <li
              key={`${event.at}-${event.bookingNumber}-${event.label}`}
              className={styles.item}
              data-testid="activity-item"
            >
              <span className={styles.activityTime}>
                {event.kind === 'status' ? (
                  // A change the office made to the booking: the account's own time, Singapore's (GMT+8).
                  <time dateTime={event.at}>{formatAccountTime(event.at)}</time>
                ) : (
                  // The line below names the place: the time gives its offset only.
                  <When
                    iso={event.at}
                    place={{ name: event.location, time_zone: event.time_zone }}
                    named={false}
                  />
                )}
                {classifierText[event.classifier]}
              </span>
              <p className={styles.detail}>
                {event.label}
                {event.location ? ` at ${event.location}` : ''}, <BookingLink number={event.bookingNumber} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}
