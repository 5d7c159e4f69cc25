import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { co2eText, optionEmissions } from '../../../contract/emissions'
import {
  type ServiceSelection,
  type TruckingZone,
  truckingZoneAreas,
  truckingZones,
} from '../../../contract/pricing/types'
import { confirmMessages, containersOf, madeByLine } from '../../../contract/quotes'
import { firstErrors } from '../../../contract/rules'
import { mayChange } from '../../../contract/team'
import { countText } from '../../../contract/text'
import { type ServicePrices, servicePrices } from '../../../machines/quote-offer'
import { canRequest } from '../../../machines/quote-request.machine'
import { customerConversations } from '../../api/conversations'
import { customerStream } from '../../app/customer-stream'
import { formatDay } from '../../app/datetime'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { useCompanyRole } from '../../app/use-company-role'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { ViewerNote } from '../../components/page/viewer-note'
import { EmissionsTable } from '../../components/shipment/emissions-table'
import { PriceTable } from '../../components/shipment/price-table'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { CheckboxField } from '../../components/ui/select-field'
import { quoteOfferLogic } from './actors'
import { ConfirmForm } from './confirm-form'
import { usd } from './money'
import type { OfferSearch } from './offer-search'
import * as styles from './quotes.css'
import { SailingFacts } from './sailing'
import { SalesOffer } from './sales-offer'

/**
 * /user/getquote (services, price line by line) and /user/confirm-quote (parties, terms, booking). A new
 * quote or option in the address (a requote stays on /user/getquote) starts the page's chart afresh.
 */
export function OfferPage(props: { info: PageInfo; step: 'services' | 'confirm'; search: OfferSearch }) {
  // A declined sales offer reads the quote again: a new round starts the chart afresh.
  const [round, setRound] = useState(0)
  return (
    <Offer
      key={`${props.search.quote}:${props.search.option ?? ''}:${round}`}
      {...props}
      reload={() => setRound((n) => n + 1)}
    />
  )
}

function Offer({
  info,
  step,
  search,
  reload,
}: {
  info: PageInfo
  step: 'services' | 'confirm'
  search: OfferSearch
  reload: () => void
}) {
  const { api, inspect, session } = useApp()
  const navigate = useNavigate()
  // A Viewer reads the quote, its price and messages; every action is a Member's (issue 24).
  const changes = mayChange(useCompanyRole())
  // Read once, at the start: the shipper's name to start the confirm form from.
  const company = session.getSnapshot().context.user?.esus_company_name
  const actor = useActorRef(quoteOfferLogic({ api, navigate, storage: window.localStorage }), {
    input: { number: search.quote, optionId: search.option ?? null, step, company },
    ...(inspect ? { inspect } : {}),
  })
  const context = useSelector(actor, (s) => s.context)
  const snapshot = useSelector(actor, (s) => s)
  const { quote, price, services } = context
  const option = quote?.options.find((o) => o.id === context.optionId)
  const prices = useMemo(
    () => servicePrices(quote, context.optionId, services),
    [quote, context.optionId, services],
  )
  // The option's emissions with the door legs chosen (contract/emissions.ts, the server's code too).
  const emissions = useMemo(
    () => (quote && option ? optionEmissions(quote, option, services) : null),
    [quote, option, services],
  )
  // A sales offer that was declined or has expired is not booked until the sales team revises it.
  const offerClosed = quote?.salesDesk ? !canRequest(quote.salesDesk.state, 'customer.accept') : false

  return (
    <article>
      <h1>{info.heading}</h1>
      {snapshot.matches('loading') ? <p role="status">Loading the quote…</p> : null}
      {snapshot.matches('failed') ? (
        <div className={styles.notice} role="alert">
          <p>{context.message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {quote ? (
        <p>
          Quote <strong>{quote.number}</strong> · {quote.mode} · {quote.origin.name} ({quote.origin.code}) to{' '}
          {quote.destination.name} ({quote.destination.code}) · {quote.request.commodity}
          {option ? ` · ${option.carrier}, ${option.service}, ${countText(option.transitDays, 'day')}` : ''}
          {emissions ? `, ${co2eText(emissions.wtwGrams)}` : ''}
          {' · '}
          <span data-testid="quote-made-by">
            {madeByLine({
              requested: quote.kind === 'requested' || quote.salesDesk !== null,
              madeBy: quote.madeBy,
              pricedBy: quote.pricedBy,
            })}
          </span>
        </p>
      ) : null}
      {quote && option ? (
        <p>
          <SailingFacts
            mode={quote.mode}
            sailing={option.sailing}
            transitDays={option.transitDays}
            freeDays={option.lane.freeDays}
          />
        </p>
      ) : null}
      {quote?.salesDesk && step === 'services' ? (
        <SalesOffer
          api={api}
          number={quote.number}
          desk={quote.salesDesk}
          onDeclined={reload}
          readOnly={!changes}
        />
      ) : null}
      {snapshot.matches('requested') ? (
        <p className={styles.notice} role="status">
          {confirmMessages.requested}
        </p>
      ) : null}
      {snapshot.matches('expired') || snapshot.matches('requoting') ? (
        <div className={styles.notice} role="alert">
          <p>{context.message ?? confirmMessages.expired}</p>
          {changes ? (
            <Button
              isDisabled={snapshot.matches('requoting')}
              onPress={() => actor.send({ type: 'user.requote' })}
            >
              Requote at current rates
            </Button>
          ) : (
            <ViewerNote />
          )}
        </div>
      ) : null}
      {snapshot.matches('booked') && context.booking ? (
        <div className={styles.notice} role="status">
          <h2>Booking received</h2>
          <p>
            Your booking number is <strong data-testid="booking-number">{context.booking.number}</strong>.
          </p>
          <Link to="/user/bookings" className={styles.link}>
            Go to My Bookings
          </Link>
        </div>
      ) : null}

      {(snapshot.matches('services') || snapshot.matches('leaving') || snapshot.matches('confirm')) &&
      quote &&
      price ? (
        <>
          {changes && !snapshot.matches('confirm') ? (
            <ServicesForm
              services={services}
              prices={prices}
              message={context.serviceMessage}
              hasCargoValue={(quote.request.cargoValue ?? 0) > 0}
              onChange={(event) => actor.send({ type: 'service.changed', ...event } as never)}
            />
          ) : null}
          <PriceTable price={price} fx={quote.fx} quotedAt={quote.createdAt} />
          <p className={styles.muted}>
            Valid until {formatDay(price.validTo ?? quote.validTo ?? '')}. Prices are in USD; SGD at the
            quote's stored rate.
          </p>
          {emissions ? <EmissionsTable figure={emissions} factors={quote.emissionFactors} /> : null}
          {offerClosed ? null : !changes ? (
            <ViewerNote />
          ) : !snapshot.matches('confirm') ? (
            <Button
              isDisabled={snapshot.matches('leaving')}
              onPress={() => actor.send({ type: 'user.continue' })}
            >
              Continue
            </Button>
          ) : (
            <ConfirmForm
              values={context.values}
              errors={Object.fromEntries(
                Object.entries(firstErrors(context.errors)).filter(([f]) => context.shown[f]),
              )}
              pickup={Boolean(services.pickup)}
              delivery={Boolean(services.delivery)}
              submitting={snapshot.matches({ confirm: 'submitting' })}
              priceChanged={context.changedPrice !== null}
              total={context.shownTotalUsd}
              onChange={(field, value) => actor.send({ type: 'field.changed', field, value })}
              onBlur={(field) => actor.send({ type: 'field.blurred', field })}
              onSubmit={() => actor.send({ type: 'user.submit' })}
              containers={containersOf(quote.request)}
              onPick={(role, party) => actor.send({ type: 'party.picked', role, party })}
            />
          )}
        </>
      ) : null}
      {quote && step === 'services' ? (
        <ConversationPanel
          subject={{ type: 'quote', number: quote.number }}
          calls={customerConversations(api)}
          stream={customerStream()}
          other="our sales team"
          readOnly={!changes}
        />
      ) : null}
      {/* A changed price is told next to the Confirm button with the new total, not in a dialog over it. */}
      <ErrorDialog
        message={
          snapshot.matches('failed') ||
          snapshot.matches('expired') ||
          snapshot.matches('requoting') ||
          context.message === confirmMessages.priceChanged
            ? null
            : context.message
        }
        onClose={() => actor.send({ type: 'dialog.acknowledged' })}
      />
    </article>
  )
}

const zones: (TruckingZone | 'none')[] = ['none', 'A', 'B', 'C']

/** "+ USD 85.00": what a service adds to the total as the others stand. */
const adds = (cents: number | null) => (cents === null ? '' : ` + ${usd(cents)}`)

function ServicesForm({
  services,
  prices,
  message,
  hasCargoValue,
  onChange,
}: {
  services: ServiceSelection
  prices: ServicePrices
  message: string | null
  hasCargoValue: boolean
  onChange: (event: { service: string; value: unknown }) => void
}) {
  return (
    <section className={styles.section} aria-labelledby="services-title">
      <h2 id="services-title">Additional services</h2>
      <p className={styles.muted}>Each price is what the service adds to the total.</p>
      <CheckboxField
        isSelected={services.exportCustoms}
        onChange={(value) => onChange({ service: 'exportCustoms', value })}
      >
        Export customs clearance{adds(prices.exportCustoms)}
        <span className={styles.serviceNote}>
          Your export declaration, filed at origin by our customs broker.
        </span>
      </CheckboxField>
      <CheckboxField
        isSelected={services.importCustoms}
        onChange={(value) => onChange({ service: 'importCustoms', value })}
      >
        Import customs clearance{adds(prices.importCustoms)}
        <span className={styles.serviceNote}>
          Your import declaration, filed at destination. Duties and taxes are not included.
        </span>
      </CheckboxField>
      <CheckboxField
        isSelected={services.insurance}
        onChange={(value) => onChange({ service: 'insurance', value })}
        error={message ?? undefined}
      >
        Cargo insurance{hasCargoValue ? adds(prices.insurance) : ' (needs the cargo value)'}
        <span className={styles.serviceNote}>
          All risks, for 110% of the cargo value and freight, from door or port to door or port.
        </span>
      </CheckboxField>
      {(['pickup', 'delivery'] as const).map((service) => (
        <RadioGroup
          key={service}
          className={styles.radioGroup}
          value={services[service] ?? 'none'}
          onChange={(value) => onChange({ service, value: value === 'none' ? null : value })}
          orientation="horizontal"
        >
          <Label className={styles.legend}>{service === 'pickup' ? 'Door pickup' : 'Door delivery'}</Label>
          {zones.map((zone) => (
            <Radio key={zone} value={zone} className={styles.radio}>
              {zone === 'none' ? 'None' : `Zone ${zone}${adds(prices[service][zone])}`}
            </Radio>
          ))}
        </RadioGroup>
      ))}
      <p className={styles.muted} data-testid="zone-areas">
        {truckingZones.map((zone) => `Zone ${zone}: ${truckingZoneAreas[zone]}`).join('. ')}. Pickup brings
        the cargo from your address to the port or airport of loading; delivery takes it from the port or
        airport of discharge to the consignee.
      </p>
    </section>
  )
}
