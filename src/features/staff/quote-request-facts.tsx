import type { DeskRequestDetail } from '../../../contract/quote-desk'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { usd } from '../../components/shipment/money'
import { Fact, laneText, ServiceLevelBadge } from './desk-parts'
import * as styles from './sales-desk.css'

function cargoText(request: DeskRequestDetail['request']): string {
  if (request.containers && request.containers.length > 0)
    return request.containers.map((one) => `${one.count} × ${one.type}`).join(', ')
  const cargo = request.cargo
  if (!cargo) return 'Not given'
  if (cargo.kind === 'totals')
    return `${cargo.pieces} pieces, ${cargo.volumeCbm} CBM, ${cargo.weightKg.toLocaleString('en-US')} kg`
  return cargo.packages
    .map((p) => `${p.count} × ${p.lengthCm}×${p.widthCm}×${p.heightCm} cm, ${p.weightKg} kg each`)
    .join('; ')
}

/** A quote request's facts as the sales desk reads them: who asks, the lane, the cargo, the notes. */
export function RequestFacts({ request, selfId }: { request: DeskRequestDetail; selfId: number | null }) {
  const cargo = request.request
  return (
    <section className={styles.section} aria-labelledby="request-title">
      <h2 id="request-title">The request</h2>
      <dl className={styles.facts}>
        <Fact name="Customer">
          {request.company} · {request.requester}
        </Fact>
        <Fact name="Lane">
          {laneText(request)} · {request.mode}
        </Fact>
        <Fact name="Requested">{formatAccountTime(request.requestedAt)}</Fact>
        <Fact name="State">
          <span data-testid="request-state">{request.state}</span>
        </Fact>
        <Fact name="Service level">
          <ServiceLevelBadge {...request.serviceLevel} />
        </Fact>
        <Fact name="Assignee">
          {request.assignee
            ? `${request.assignee.name}${request.assignee.id === selfId ? ' (you)' : ''}`
            : 'Nobody yet'}
        </Fact>
        <Fact name={request.mode === 'FCL' ? 'Containers' : 'Cargo'}>{cargoText(cargo)}</Fact>
        <Fact name="Commodity">{cargo.commodity}</Fact>
        <Fact name="Ready date">{formatDay(cargo.readyDate)}</Fact>
        <Fact name="Hazardous">
          {cargo.hazardous
            ? `UN ${cargo.hazardous.unNumber}, class ${cargo.hazardous.dgClass}, packing group ${cargo.hazardous.packingGroup}`
            : 'No'}
        </Fact>
        <Fact name="Cargo value">{cargo.cargoValue ? usd(cargo.cargoValue) : 'Not given'}</Fact>
      </dl>
      <h3>The customer’s notes</h3>
      <p>{request.notes?.trim() ? request.notes : 'None.'}</p>
      {request.declineReason ? (
        <>
          <h3>Why the customer declined</h3>
          <p>{request.declineReason}</p>
        </>
      ) : null}
    </section>
  )
}
