import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { type DocumentFile, documentNames } from '../../../contract/bookings'
import { uploadableKinds } from '../../../contract/documents'
import { legCarriage } from '../../../contract/milestones'
import {
  type DeskEvent,
  milestoneCodes,
  type OpsBookingDetail,
  opsDeskPaths,
} from '../../../contract/operations-desk'
import { placeTime, type TimePlace } from '../../../contract/times'
import { mayAct } from '../../../machines/ops-actions'
import { opsBookingMachine } from '../../../machines/ops-booking.machine'
import {
  chartAllows,
  codeName,
  mayPostMilestone,
  mayRequestDocument,
  type OpsAction,
  type OpsFormName,
  type PlaceForm,
} from '../../../machines/ops-booking-setup'
import { milestoneEventTypes } from '../../../machines/ops-milestone'
import { placeFields, placeSuggestions } from '../../../machines/ops-places'
import { staffConversations } from '../../api/conversations'
import { searchPlaces } from '../../api/quotes'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { DocumentStatusBadge } from '../../components/shipment/document-badge'
import { MilestoneTimeline } from '../../components/shipment/milestone-timeline'
import { StatusBadge } from '../../components/shipment/status-badge'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { PlaceCombo } from '../../components/ui/place-combo'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import * as styles from './ops.css'

type OpsActor = ReturnType<typeof useActorRef<typeof opsBookingMachine>>

/** The reason dialogs' words, by action. */
const dialogs: Partial<Record<OpsAction, { title: string; text: string; confirm: string }>> = {
  hold: {
    title: 'Put the booking on hold?',
    text: 'The customer sees the booking on hold with this reason until it is released.',
    confirm: 'Put on hold',
  },
  cancel: {
    title: 'Cancel the booking?',
    text: 'The booking is cancelled for good; the customer sees this reason. This cannot be undone.',
    confirm: 'Cancel booking',
  },
  retract: {
    title: 'Retract this event?',
    text: 'It leaves the customer’s timeline; the reason stays in the audit trail.',
    confirm: 'Retract event',
  },
  reject: {
    title: 'Reject this document?',
    text: 'The customer sees the reason and is asked to upload the document again.',
    confirm: 'Reject document',
  },
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/**
 * "GMT+8": a place's offset at a wall-clock time typed there (read as that time in UTC, which is right except
 * within hours of a change of summer time), or now when nothing is typed yet; "UTC" for a place without a zone.
 */
function zoneText(place: TimePlace, local: string): string {
  const at = LOCAL.test(local) ? new Date(`${local}:00Z`) : new Date()
  const text = placeTime(at, { name: '', time_zone: place.time_zone }, { named: false })
  return /\(([^)]+)\)$/.exec(text)?.[1] ?? 'UTC'
}

const atPlace = (what: string, place: TimePlace, local: string) =>
  `${what} at ${place.name} (${zoneText(place, local)})`

/** The staff console's place search (`searchStaffLocations`): the customer's type-ahead's answer. */
const staffLocationsPath = '/api/staff/locations'

/** /staff/bookings/$number (operations): the booking, what the chart allows to do to it, and its conversation. */
export function OpsBookingPage({ number }: { number: string }) {
  const { api } = staffConsole()
  const actor = useActorRef(
    opsBookingMachine.provide({
      actors: {
        loadBooking: fromPromise(({ input }) => api<OpsBookingDetail>(opsDeskPaths.booking(input.number))),
        confirmBooking: fromPromise(({ input }) =>
          api(opsDeskPaths.confirm(input.number), { method: 'POST', body: input.body }),
        ),
        postMilestone: fromPromise(({ input }) =>
          api(opsDeskPaths.events(input.number), { method: 'POST', body: input.body }),
        ),
        act: fromPromise(({ input }) => {
          const reason = input.reason === null ? {} : { reason: input.reason }
          switch (input.action) {
            case 'hold':
              return api(opsDeskPaths.hold(input.number), { method: 'POST', body: reason })
            case 'release':
              return api(opsDeskPaths.release(input.number), { method: 'POST', body: {} })
            case 'cancel':
              return api(opsDeskPaths.cancel(input.number), { method: 'POST', body: reason })
            case 'retract':
              return api(opsDeskPaths.retract(input.number, input.target ?? ''), {
                method: 'POST',
                body: reason,
              })
            case 'accept':
              return api(opsDeskPaths.review(input.number, input.target ?? ''), {
                method: 'POST',
                body: { status: 'Accepted' },
              })
            case 'reject':
              return api(opsDeskPaths.review(input.number, input.target ?? ''), {
                method: 'POST',
                body: { status: 'Rejected', ...reason },
              })
          }
        }),
        requestDocument: fromPromise(({ input }) =>
          api(opsDeskPaths.requestDocument(input.number, input.kind), { method: 'POST', body: input.body }),
        ),
        // The file needs the staff token: fetched, then shown from a blob URL.
        loadPreview: fromPromise(async ({ input }) => {
          const blob = await api<Blob>(opsDeskPaths.document(input.number, input.fileId), {
            responseType: 'blob',
          } as never)
          return { url: URL.createObjectURL(blob), contentType: blob.type }
        }),
        // The customer's type-ahead call on the staff endpoint; "Instant rates" means nothing here.
        searchPlaces: fromPromise(async ({ input }) =>
          (await searchPlaces(api, input.q, input.mode, staffLocationsPath)).map(
            ({ instant: _instant, ...place }) => place,
          ),
        ),
      },
      actions: {
        revokeUrl: (_, url) => {
          if (url) URL.revokeObjectURL(url)
        },
      },
    }),
    { input: { number } },
  )
  useEffect(
    () => () => {
      const url = actor.getSnapshot().context.preview?.url
      if (url) URL.revokeObjectURL(url)
    },
    [actor],
  )
  // This booking changed anywhere (a colleague, the customer, the carrier's feed): read it again.
  useEffect(
    () =>
      staffStream().subscribe({
        booking: (change) => {
          if (change.number === number) actor.send({ type: 'booking.changed' })
        },
      }),
    [actor, number],
  )
  const state = useSelector(actor, (s) => s)
  const { detail, notice, message } = state.context

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/bookings" className={styles.link}>
          Operations desk
        </Link>
      </p>
      <h1>Booking {number}</h1>
      <p role="status" aria-live="polite" className={styles.note} data-testid="desk-status">
        {notice ?? (state.matches({ ready: { work: 'reloading' } }) ? 'Updating…' : '')}
      </p>
      {state.matches('loading') ? <p>Loading the booking…</p> : null}
      {state.matches('notFound') ? <p role="alert">Booking not found.</p> : null}
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
      <div className={styles.layout}>
        <div>
          {detail ? (
            <>
              <Facts detail={detail} />
              <StatusActions actor={actor} />
              {chartAllows(detail, 'ops.confirm') ? <ConfirmForm actor={actor} /> : null}
              {mayPostMilestone(detail) ? <MilestoneForm actor={actor} /> : null}
              <Events actor={actor} />
              <section className={styles.section} aria-labelledby="timeline-title">
                <h2 id="timeline-title">What the customer sees</h2>
                <MilestoneTimeline milestones={detail.booking.milestones} status={detail.booking.status} />
              </section>
              <Documents actor={actor} />
              {mayRequestDocument(detail) ? <RequestForm actor={actor} /> : null}
            </>
          ) : null}
        </div>
        <ConversationPanel
          subject={{ type: 'booking', number }}
          calls={staffConversations(api)}
          stream={staffStream()}
          other="the customer"
        />
      </div>
      <ReasonDialog actor={actor} />
    </div>
  )
}

function Fact({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  )
}

function Facts({ detail }: { detail: OpsBookingDetail }) {
  const b = detail.booking
  const now = new Date()
  const party = (p: { name: string; address: string; contact?: string | null } | null) =>
    p ? `${p.name}, ${p.address}${p.contact ? `, ${p.contact}` : ''}` : 'None'
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
        <Fact name="Notify party">{party(b.notifyParty)}</Fact>
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

/** Hold, Release and Cancel, each offered only while the booking chart allows it. */
function StatusActions({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const idle = state.matches({ ready: { work: 'idle' } })
  const offered = (['hold', 'release', 'cancel'] as const).filter((action) => mayAct(detail, action, null))
  if (offered.length === 0) return null
  const labels = { hold: 'Put on hold', release: 'Release hold', cancel: 'Cancel booking' }
  return (
    <div className={styles.actions}>
      {offered.map((action) => (
        <Button
          key={action}
          tone="secondary"
          isDisabled={!idle}
          onPress={() => actor.send({ type: 'action.requested', action })}
        >
          {state.matches({ ready: { work: 'acting' } }) && state.context.pending?.action === action
            ? 'Saving…'
            : labels[action]}
        </Button>
      ))}
    </div>
  )
}

/** The form helpers of one of the page's forms. */
function useForm(actor: OpsActor, form: OpsFormName) {
  const { errors, shown } = useSelector(actor, (s) => s.context[form])
  return {
    errorOf: (path: string) => (shown[path] ? errors[path]?.[0] : undefined),
    set: (field: string) => (value: string) => actor.send({ type: 'field.changed', form, field, value }),
    blur: (field: string) => () => actor.send({ type: 'field.blurred', form, field }),
  }
}

function NativeSelect({
  id,
  label,
  value,
  options,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  error?: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.nativeInput}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A form's place, from the location search (the customer's quote form's type-ahead on the staff endpoint): the
 * route's places are offered first, as soon as the field has the focus.
 */
function PlaceSearch({
  actor,
  form,
  label,
  hint,
}: {
  actor: OpsActor
  form: PlaceForm
  label: string
  hint: string
}) {
  const { text, place } = useSelector(actor, (s) => s.context.placeSearch[form])
  const suggestions = useSelector(actor, (s) => placeSuggestions(s.context, form))
  const searching = useSelector(
    actor,
    (s) => s.context.lookup.form === form && !s.matches({ ready: { lookup: 'idle' } }),
  )
  const { errorOf, blur } = useForm(actor, form)
  const field = placeFields[form]
  return (
    <PlaceCombo
      label={label}
      text={text}
      place={place}
      suggestions={suggestions}
      error={errorOf(field)}
      description={hint}
      emptyText={
        searching ? 'Searching…' : text.trim().length < 2 ? 'Type two letters or more.' : 'No place found.'
      }
      menuTrigger="focus"
      onType={(value) => actor.send({ type: 'place.typed', form, text: value })}
      onChoose={(chosen) => actor.send({ type: 'place.chosen', form, place: chosen })}
      onBlur={blur(field)}
    />
  )
}

function ConfirmForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const { values } = state.context.confirm
  const { errorOf, set, blur } = useForm(actor, 'confirm')
  if (!detail) return null
  const b = detail.booking
  const sending = state.matches({ ready: { work: 'confirming' } })
  const time = (field: 'etd' | 'eta' | 'cargoCutoff' | 'documentsCutoff' | 'vgmCutoff', label: string) => {
    const place = field === 'eta' ? b.destination : b.origin
    return (
      <TextField
        label={atPlace(label, place, values[field])}
        type="datetime-local"
        value={values[field]}
        onChange={set(field)}
        onBlur={blur(field)}
        error={errorOf(field)}
      />
    )
  }
  return (
    <section className={styles.panel} aria-labelledby="confirm-title">
      <h2 id="confirm-title">Confirm with the carrier</h2>
      <p className={styles.muted}>
        Times are wall-clock times at each place: ETD and cut-offs at {b.origin.name}, ETA at{' '}
        {b.destination.name}.
      </p>
      <Form
        validationBehavior="aria"
        aria-labelledby="confirm-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'form.submitted', form: 'confirm' })
        }}
      >
        <div className={styles.formGrid}>
          <TextField
            label="Carrier"
            value={values.carrier}
            onChange={set('carrier')}
            onBlur={blur('carrier')}
            error={errorOf('carrier')}
          />
          <TextField
            label="Carrier booking reference"
            value={values.carrierBookingRef}
            onChange={set('carrierBookingRef')}
            onBlur={blur('carrierBookingRef')}
            error={errorOf('carrierBookingRef')}
          />
          {b.mode === 'AIR' ? (
            <TextField
              label="Flight"
              placeholder="SQ7372"
              value={values.flight}
              onChange={set('flight')}
              onBlur={blur('flight')}
              error={errorOf('flight')}
            />
          ) : (
            <>
              <TextField
                label="Vessel"
                value={values.vesselName}
                onChange={set('vesselName')}
                onBlur={blur('vesselName')}
                error={errorOf('vesselName')}
              />
              <TextField
                label="IMO number (optional)"
                digitsOnly
                value={values.vesselIMONumber}
                onChange={set('vesselIMONumber')}
                onBlur={blur('vesselIMONumber')}
                error={errorOf('vesselIMONumber')}
              />
              <TextField
                label="Voyage"
                value={values.voyage}
                onChange={set('voyage')}
                onBlur={blur('voyage')}
                error={errorOf('voyage')}
              />
            </>
          )}
          {time('etd', 'ETD')}
          {time('eta', 'ETA')}
          {time('cargoCutoff', 'Cargo cut-off (optional)')}
          {time('documentsCutoff', 'Documents cut-off (optional)')}
          {b.mode === 'FCL' ? time('vgmCutoff', 'VGM cut-off (optional)') : null}
          <PlaceSearch
            actor={actor}
            form="confirm"
            label={b.mode === 'AIR' ? 'Transshipment airport (optional)' : 'Transshipment port (optional)'}
            hint={`Where the cargo changes ${b.mode === 'AIR' ? 'flight' : 'vessel'}, if it does.`}
          />
        </div>
        {b.mode === 'FCL' ? (
          <fieldset className={styles.item}>
            <legend>Container numbers (optional until known)</legend>
            <div className={styles.formGrid}>
              {values.containers.map((value, index) => (
                <TextField
                  // One input per booked container: its position is its path (`containers.0`).
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the field's path
                  key={index}
                  label={`Container ${index + 1} of ${values.containers.length}`}
                  placeholder="MSCU1234566"
                  value={value}
                  onChange={set(`containers.${index}`)}
                  onBlur={blur(`containers.${index}`)}
                  error={errorOf(`containers.${index}`)}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isDisabled={!state.matches({ ready: { work: 'idle' } })}>
            {sending ? 'Confirming…' : 'Confirm booking'}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function MilestoneForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const { values } = state.context.milestone
  const { errorOf, set, blur } = useForm(actor, 'milestone')
  if (!detail) return null
  const b = detail.booking
  // The place chosen: its time zone labels the time.
  const { place } = state.context.placeSearch.milestone
  const codes = milestoneCodes[values.eventType] as readonly string[]
  return (
    <section className={styles.panel} aria-labelledby="milestone-title">
      <h2 id="milestone-title">Post a milestone</h2>
      <Form
        validationBehavior="aria"
        aria-labelledby="milestone-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'form.submitted', form: 'milestone' })
        }}
      >
        <div className={styles.formGrid}>
          <NativeSelect
            id="milestone-type"
            label="Event type"
            value={values.eventType}
            options={milestoneEventTypes.map((type) => ({
              value: type,
              label: {
                SHIPMENT: 'Shipment',
                TRANSPORT: 'Transport (vessel or flight)',
                EQUIPMENT: 'Equipment (container)',
              }[type],
            }))}
            onChange={set('eventType')}
          />
          <NativeSelect
            id="milestone-code"
            label="Event"
            value={values.code}
            options={codes.map((code) => ({ value: code, label: `${codeName(code)} (${code})` }))}
            error={errorOf('code')}
            onChange={set('code')}
          />
          <NativeSelect
            id="milestone-classifier"
            label="Planned, estimated or actual"
            value={values.classifier}
            options={[
              { value: 'ACT', label: 'Actual (ACT)' },
              { value: 'EST', label: 'Estimated (EST)' },
              { value: 'PLN', label: 'Planned (PLN)' },
            ]}
            onChange={set('classifier')}
          />
          <PlaceSearch
            actor={actor}
            form="milestone"
            label="Place"
            hint={`A place of the route, or any ${b.mode === 'AIR' ? 'airport' : 'port'}: type its code, name or city.`}
          />
          <TextField
            label={place ? atPlace('Time', place, values.localTime) : 'Time at the place (its own time zone)'}
            type="datetime-local"
            value={values.localTime}
            onChange={set('localTime')}
            onBlur={blur('localTime')}
            error={errorOf('localTime')}
          />
          {b.mode === 'AIR' ? (
            <TextField
              label="Flight (optional)"
              value={values.flight}
              onChange={set('flight')}
              onBlur={blur('flight')}
              error={errorOf('flight')}
            />
          ) : (
            <>
              <TextField
                label="Vessel (optional)"
                value={values.vesselName}
                onChange={set('vesselName')}
                onBlur={blur('vesselName')}
                error={errorOf('vesselName')}
              />
              <TextField
                label="Voyage (optional)"
                value={values.voyage}
                onChange={set('voyage')}
                onBlur={blur('voyage')}
                error={errorOf('voyage')}
              />
            </>
          )}
          {values.eventType === 'EQUIPMENT' ? (
            <div className={ui.field}>
              <label htmlFor="milestone-container" className={ui.label}>
                Container (optional)
              </label>
              <input
                id="milestone-container"
                className={styles.nativeInput}
                list="milestone-containers"
                autoComplete="off"
                value={values.container}
                aria-invalid={errorOf('container') ? true : undefined}
                aria-describedby={errorOf('container') ? 'milestone-container-error' : undefined}
                onChange={(event) => set('container')(event.target.value)}
                onBlur={blur('container')}
              />
              <datalist id="milestone-containers">
                {detail.containers.map((one) => (
                  <option key={one} value={one} />
                ))}
              </datalist>
              {errorOf('container') ? (
                <p id="milestone-container-error" className={ui.fieldError}>
                  {errorOf('container')}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button type="submit" isDisabled={!state.matches({ ready: { work: 'idle' } })}>
            {state.matches({ ready: { work: 'posting' } }) ? 'Posting…' : 'Post milestone'}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function eventText(event: DeskEvent) {
  const via = event.flight
    ? `flight ${event.flight}`
    : event.vesselName
      ? `${event.vesselName}${event.voyage ? `, voyage ${event.voyage}` : ''}`
      : null
  return [via, event.container].filter(Boolean).join(' · ')
}

function Events({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  if (!detail) return null
  const idle = state.matches({ ready: { work: 'idle' } })
  const now = new Date()
  return (
    <section className={styles.section} aria-labelledby="events-title">
      <h2 id="events-title">Events, newest first</h2>
      {detail.events.length === 0 ? (
        <p>No events yet.</p>
      ) : (
        <ul className={styles.list}>
          {detail.events.map((event) => (
            <li key={event.eventID} className={styles.item} data-testid="desk-event">
              <strong>{codeName(event.code)}</strong> ({event.classifier}) ·{' '}
              {placeTime(event.eventDateTime, event.location, { now })}
              {eventText(event) ? <div>{eventText(event)}</div> : null}
              {event.reason ? <div className={styles.muted}>“{event.reason}”</div> : null}
              <div className={styles.muted}>Posted by {event.postedBy ?? 'the system'}</div>
              <div className={styles.itemActions}>
                <Button
                  tone="quiet"
                  isDisabled={!idle}
                  aria-label={`Retract ${codeName(event.code)} at ${event.location.name}`}
                  onPress={() =>
                    actor.send({ type: 'action.requested', action: 'retract', target: event.eventID })
                  }
                >
                  Retract
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Documents({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail, previewing, preview, previewMessage } = state.context
  if (!detail) return null
  const idle = state.matches({ ready: { work: 'idle' } })
  const now = new Date()
  const fileRow = (file: DocumentFile, itemName: string) => (
    <li key={file.id} className={styles.item} data-testid="desk-file">
      <strong>{file.name}</strong> <DocumentStatusBadge status={file.status} />
      <div className={styles.muted}>
        {itemName} · uploaded {formatAccountTime(file.uploadedAt, now)}
      </div>
      {file.reason ? <div>Rejected: {file.reason}</div> : null}
      <div className={styles.itemActions}>
        <Button
          tone="secondary"
          aria-label={`Preview ${file.name}`}
          onPress={() => actor.send({ type: 'preview.opened', fileId: file.id, name: file.name })}
        >
          Preview
        </Button>
        {mayAct(detail, 'accept', file.id) ? (
          <>
            <Button
              isDisabled={!idle}
              aria-label={`Accept ${file.name}`}
              onPress={() => actor.send({ type: 'action.requested', action: 'accept', target: file.id })}
            >
              Accept
            </Button>
            <Button
              tone="secondary"
              isDisabled={!idle}
              aria-label={`Reject ${file.name}`}
              onPress={() => actor.send({ type: 'action.requested', action: 'reject', target: file.id })}
            >
              Reject
            </Button>
          </>
        ) : null}
      </div>
      {previewing?.fileId === file.id ? (
        <div className={styles.section}>
          {state.matches({ ready: { preview: 'loading' } }) ? (
            <p role="status">Loading the preview…</p>
          ) : null}
          {previewMessage ? <p role="alert">{previewMessage}</p> : null}
          {preview?.fileId === file.id ? <FilePreview {...preview} /> : null}
          <Button tone="quiet" onPress={() => actor.send({ type: 'preview.closed' })}>
            Close preview
          </Button>
        </div>
      ) : null}
    </li>
  )
  return (
    <section className={styles.section} aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      <ul className={styles.list}>
        {detail.booking.documents.map((item) => (
          <li key={item.kind} className={styles.item} data-testid="desk-document">
            <strong>{item.name}</strong> <DocumentStatusBadge status={item.status} />
            <div className={styles.muted}>
              {item.required ? 'Required' : 'Optional'}
              {item.dueDate ? ` · due ${formatDay(item.dueDate)}` : ''}
              {item.overdue ? ' · overdue' : ''}
              {item.requested ? ` · asked for${item.requested.note ? `: “${item.requested.note}”` : ''}` : ''}
            </div>
            {item.files.length > 0 ? (
              <ul className={styles.list} aria-label={`Files of the ${item.name.toLowerCase()}`}>
                {item.files.map((file) => fileRow(file, item.name))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function FilePreview({ url, contentType, name }: { url: string; contentType: string; name: string }) {
  if (contentType === 'application/pdf')
    return <iframe className={styles.preview} src={url} title={`Preview of ${name}`} />
  if (contentType.startsWith('image/'))
    return <img className={styles.previewImage} src={url} alt={`Preview of ${name}`} />
  return (
    <p>
      This kind of file is not shown here.{' '}
      <a className={styles.link} href={url} download={name}>
        Download {name}
      </a>
    </p>
  )
}

function RequestForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { values } = state.context.request
  const { errorOf, set, blur } = useForm(actor, 'request')
  return (
    <section className={styles.panel} aria-labelledby="request-title">
      <h2 id="request-title">Ask for a document</h2>
      <Form
        validationBehavior="aria"
        aria-labelledby="request-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'form.submitted', form: 'request' })
        }}
      >
        <div className={styles.formGrid}>
          <NativeSelect
            id="request-kind"
            label="Document"
            value={values.kind}
            options={uploadableKinds.map((kind) => ({ value: kind, label: documentNames[kind] }))}
            error={errorOf('kind')}
            onChange={set('kind')}
          />
          <TextField
            label="Due date (Singapore)"
            type="date"
            value={values.dueDate}
            onChange={set('dueDate')}
            onBlur={blur('dueDate')}
            error={errorOf('dueDate')}
          />
          <div className={styles.wide}>
            <TextField
              label="Note to the customer (optional)"
              value={values.note}
              onChange={set('note')}
              onBlur={blur('note')}
              error={errorOf('note')}
            />
          </div>
        </div>
        <div className={styles.actions}>
          <Button type="submit" tone="secondary" isDisabled={!state.matches({ ready: { work: 'idle' } })}>
            {state.matches({ ready: { work: 'requesting' } }) ? 'Asking…' : 'Ask the customer'}
          </Button>
        </div>
      </Form>
    </section>
  )
}

/** The dialog of an action with a reason: the reason, and the confirmation. */
function ReasonDialog({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { pending } = state.context
  const asking = state.matches({ ready: { work: 'asking' } })
  const acting = state.matches({ ready: { work: 'acting' } })
  const words = pending ? dialogs[pending.action] : undefined
  const open = (asking || acting) && words !== undefined
  return (
    <Dialog
      isOpen={open}
      title={words?.title ?? ''}
      width={500}
      role="dialog"
      onClose={() => actor.send({ type: 'action.dismissed' })}
      actions={
        <>
          <Button
            tone="secondary"
            isDisabled={acting}
            onPress={() => actor.send({ type: 'action.dismissed' })}
          >
            Keep as it is
          </Button>
          <Button isDisabled={acting} onPress={() => actor.send({ type: 'action.confirmed' })}>
            {acting ? 'Saving…' : (words?.confirm ?? 'Confirm')}
          </Button>
        </>
      }
    >
      <p>{words?.text}</p>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'action.confirmed' })
        }}
      >
        <TextField
          label="Reason"
          autoFocus
          value={pending?.reason ?? ''}
          isDisabled={acting}
          onChange={(value) => actor.send({ type: 'reason.changed', value })}
          error={pending?.error ?? undefined}
        />
      </Form>
    </Dialog>
  )
}
