import { legCarriage } from '../../../contract/milestones'
import type { OpsBookingDetail } from '../../../contract/operations-desk'
import { NO_NOTIFY_PARTY, partyLines } from '../../../contract/parties'
import { placeTime } from '../../../contract/times'
import { formatAccountTime } from '../../app/datetime'
import { StatusBadge } from '../../components/shipment/status-badge'
import { Fact } from './desk-parts'
import * as styles from './ops.css'

/** The booking as the desk reads it: status, customer, carriage, times, parties, cargo and legs. */
export function Facts({ detail }: { detail: OpsBookingDetail }) {
  const b = detail.booking
  const now = new Date()
  const party = (p: { name: string; address: string; contact?: string | null }) => partyLines(p).join(', ')
  return (
    <section className={styles.section} aria-labelledby="booking-title">
      <h2 id="booking-title">The booking</h2>
      <dl className={styles.facts}>
        <Fact name="Status">
          <StatusBadge status={b.status} />
          {b.status === 'On Hold' && b.heldFrom ? ` (held at ${b.heldFrom})` : ''}
          {b.statusReason ? <div data-testid="status-reason">{b.statusReason}</div> : null}
        </Fact>
        <Fact name="Customer">
          {detail.company.name} · {detail.bookedBy.name},{' '}
          <a className={styles.link} href={`mailto:${detail.bookedBy.email}`}>
            {detail.bookedBy.email}
          </a>
        </Fact>
        <Fact name="HBL">{b.hbl ?? 'Issued at confirmation'}</Fact>
        <Fact name="Mode">{b.mode}</Fact>
        <Fact name="Carrier">
          {b.carrier}
          {detail.carrierBookingRef ? ` · ref. ${detail.carrierBookingRef}` : ''}
        </Fact>
        {detail.containers.length > 0 ? <Fact name="Containers">{detail.containers.join(', ')}</Fact> : null}
        <Fact name="Route">
          {b.origin.name} ({b.origin.code}) to {b.destination.name} ({b.destination.code})
        </Fact>
        <Fact name="ETD">{b.etd ? placeTime(b.etd, b.origin, { now }) : 'Not confirmed'}</Fact>
        <Fact name="ETA">
          {b.eta ? placeTime(b.eta, b.destination, { now }) : 'Not confirmed'}
          {detail.originalEta && detail.originalEta !== b.eta ? (
            <div className={styles.muted}>
              At confirmation: {placeTime(detail.originalEta, b.destination, { now })}
            </div>
          ) : null}
        </Fact>
        {(['cargo', 'documents', 'vgm'] as const).map((key) =>
          detail.cutoffs[key] ? (
            <Fact key={key} name={`${key === 'vgm' ? 'VGM' : key[0]?.toUpperCase() + key.slice(1)} cut-off`}>
              {placeTime(detail.cutoffs[key] as string, b.origin, { now })}
            </Fact>
          ) : null,
        )}
        <Fact name="Booked">{formatAccountTime(b.createdAt, now)}</Fact>
        <Fact name="Quote">{b.quoteNumber}</Fact>
        <Fact name="Shipper">{party(b.shipper)}</Fact>
        <Fact name="Consignee">{party(b.consignee)}</Fact>
        <Fact name="Notify party">{b.notifyParty ? party(b.notifyParty) : NO_NOTIFY_PARTY}</Fact>
        <Fact name="Cargo">
          {b.cargoDescription} · {b.cargoSummary}
          {b.hazardous
            ? ` · UN ${b.hazardous.unNumber}, class ${b.hazardous.dgClass}, packing group ${b.hazardous.packingGroup}`
            : ''}
        </Fact>
      </dl>
      {b.legs.length > 0 ? (
        <ol className={styles.list} aria-label="Route legs">
          {b.legs.map((leg) => (
            <li key={`${leg.from.code}-${leg.to.code}`} className={styles.item}>
              <strong>
                {leg.from.name} ({leg.from.code}) → {leg.to.name} ({leg.to.code})
              </strong>
              <div>{legCarriage(leg, b.status, b.heldFrom ?? null)}</div>
              <div className={styles.muted}>
                ETD {leg.etd ? placeTime(leg.etd, leg.from, { now }) : 'to be confirmed'} · ETA{' '}
                {leg.eta ? placeTime(leg.eta, leg.to, { now }) : 'to be confirmed'}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
