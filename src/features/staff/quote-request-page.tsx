import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { chargeBases, chargeSides, containerTypes } from '../../../contract/pricing/types'
import { chargeCatalogue, type DeskRequestDetail } from '../../../contract/quote-desk'
import {
  isPreviewCurrent,
  type LineField,
  type LineValues,
  mayAssignRequest,
  mayAssignTo,
  mayOffer,
  type OfferField,
  offerBuilderMachine,
} from '../../../machines/offer-builder.machine'
import { staffConversations } from '../../api/conversations'
import { assignQuoteRequest, getQuoteRequest, previewOffer, sendOffer } from '../../api/quote-desk'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { usd } from '../../components/shipment/money'
import { PriceTable } from '../../components/shipment/price-table'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import { laneText, ServiceLevelBadge } from './desk-parts'
import * as styles from './sales-desk.css'

/** /staff/quotes/$number (sales): the request, taking it, pricing an offer, previewing and sending it. */
export function QuoteRequestPage({ number }: { number: string }) {
  const { api, session } = staffConsole()
  const selfId = useSelector(session, (s) => s.context.staff?.id ?? null)
  const actor = useActorRef(
    offerBuilderMachine.provide({
      actors: {
        loadRequest: fromPromise(({ input }) => getQuoteRequest(api, input.number)),
        // The body names nobody, as it always has: the request goes to the caller, "Give it to a colleague" too.
        assignRequest: fromPromise(({ input }) => assignQuoteRequest(api, input.number, {})),
        previewOffer: fromPromise(({ input }) => previewOffer(api, input.number, input.offer)),
        sendOffer: fromPromise(({ input }) => sendOffer(api, input.number, input.offer)),
      },
    }),
    { input: { number, selfId } },
  )
  const state = useSelector(actor, (s) => s)
  const { request, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/quotes" className={styles.link}>
          Sales desk
        </Link>
      </p>
      <h1>Quote request {number}</h1>
      <p role="status" className={styles.note}>
        {notice ?? ''}
      </p>
      {state.matches('loading') ? <p>Loading the request…</p> : null}
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
      {request ? (
        <>
          <RequestFacts request={request} selfId={selfId} />
          {mayAssignRequest(request, selfId) ? (
            <div className={styles.actions}>
              <Button isDisabled={!idle} onPress={() => actor.send({ type: 'user.assign' })}>
                {state.matches({ ready: 'assigning' }) ? 'Assigning…' : 'Assign to me'}
              </Button>
            </div>
          ) : null}
          <AssignColleague actor={actor} request={request} selfId={selfId} busy={!idle} />
          {mayOffer(request) ? <OfferForm actor={actor} /> : null}
          <Versions request={request} />
          <ConversationPanel
            subject={{ type: 'quote', number }}
            calls={staffConversations(api)}
            stream={staffStream()}
            other="the customer"
          />
        </>
      ) : null}
    </div>
  )
}

type BuilderActor = ReturnType<typeof useActorRef<typeof offerBuilderMachine>>

function Fact({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  )
}

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

function RequestFacts({ request, selfId }: { request: DeskRequestDetail; selfId: number | null }) {
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

/** A native select with its label and message (the console's lists of fixed codes). */
function SelectBox({
  id,
  label,
  value,
  options,
  error,
  onChange,
  onBlur,
  placeholder,
}: {
  id: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  error?: string | undefined
  onChange: (value: string) => void
  onBlur?: () => void
  placeholder?: string
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
        onBlur={onBlur}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
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

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

function OfferForm({ actor }: { actor: BuilderActor }) {
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, request, preview } = state.context
  const [code, setCode] = useState('')
  const [sheet, setSheet] = useState('')
  if (!request) return null
  const idle = state.matches({ ready: 'idle' })
  const sending = state.matches({ ready: 'sending' })
  const current = isPreviewCurrent(state.context)
  const errorOf = (path: string) => (shown[path] ? errors[path]?.[0] : undefined)
  const set = (field: OfferField) => (value: string) => actor.send({ type: 'field.changed', field, value })
  const blur = (field: string) => () => actor.send({ type: 'field.blurred', field })
  const setLine = (index: number, field: LineField) => (value: string) =>
    actor.send({ type: 'line.changed', index, field, value })
  const catalogue = chargeCatalogue.filter((one) => one.modes.includes(request.mode))
  const revising = request.offers.length > 0

  return (
    <section className={styles.section} aria-labelledby="offer-title">
      <h2 id="offer-title">{revising ? 'A revised offer' : 'The offer'}</h2>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.preview' })
        }}
      >
        <div className={styles.formGrid}>
          <TextField
            label="Carrier or airline"
            value={values.carrier}
            onChange={set('carrier')}
            onBlur={blur('carrier')}
            error={errorOf('carrier')}
          />
          <TextField
            label="Service"
            value={values.service}
            onChange={set('service')}
            onBlur={blur('service')}
            error={errorOf('service')}
          />
          <TextField
            label="Transit days"
            digitsOnly
            value={values.transitDays}
            onChange={set('transitDays')}
            onBlur={blur('transitDays')}
            error={errorOf('transitDays')}
          />
          <TextField
            label="Valid until"
            type="date"
            value={values.validTo}
            onChange={set('validTo')}
            onBlur={blur('validTo')}
            error={errorOf('validTo')}
          />
          <TextField
            label="Free days at destination (optional)"
            digitsOnly
            value={values.freeDays}
            onChange={set('freeDays')}
            onBlur={blur('freeDays')}
            error={errorOf('freeDays')}
          />
          <AriaTextField
            className={[ui.field, styles.wide].join(' ')}
            value={values.note}
            onChange={set('note')}
            onBlur={blur('note')}
            isInvalid={Boolean(errorOf('note'))}
          >
            <Label className={ui.label}>Note to the customer (optional)</Label>
            <TextArea className={ui.input} rows={3} />
            {errorOf('note') ? (
              <Text slot="errorMessage" className={ui.fieldError}>
                {errorOf('note')}
              </Text>
            ) : null}
          </AriaTextField>
        </div>

        <h3>Charge lines</h3>
        <p className={styles.muted}>
          Amounts in units of the line’s currency, such as 2100.00; a percentage line’s rate in percent.
        </p>
        <div className={styles.pickers}>
          <div className={styles.picker}>
            <div className={styles.pickerField}>
              <label htmlFor="catalogue-code" className={ui.label}>
                Charge from the catalogue
              </label>
              <select
                id="catalogue-code"
                className={styles.nativeInput}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              >
                <option value="">Choose a charge</option>
                {catalogue.map((one) => (
                  <option key={one.code} value={one.code}>
                    {one.code} · {one.name}
                  </option>
                ))}
              </select>
            </div>
            <Button
              tone="secondary"
              isDisabled={code === '' || sending}
              onPress={() => actor.send({ type: 'line.added', code })}
            >
              Add line
            </Button>
          </div>
          {request.templates.length > 0 ? (
            <div className={styles.picker}>
              <div className={styles.pickerField}>
                <label htmlFor="template" className={ui.label}>
                  Start from a sheet
                </label>
                <select
                  id="template"
                  className={styles.nativeInput}
                  value={sheet}
                  onChange={(event) => setSheet(event.target.value)}
                >
                  <option value="">Choose a rate sheet of the lane</option>
                  {request.templates.map((one, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is chosen by its place in the list
                    <option key={index} value={String(index)}>
                      {one.carrier} · {one.service} · {one.transitDays} days · until {formatDay(one.validTo)}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                tone="secondary"
                isDisabled={sheet === '' || sending}
                onPress={() => actor.send({ type: 'template.chosen', index: Number(sheet) })}
              >
                Copy its charges
              </Button>
            </div>
          ) : null}
        </div>
        {errorOf('lines') ? (
          <p className={ui.fieldError} role="alert">
            {errorOf('lines')}
          </p>
        ) : null}
        {values.lines.map((line, index) => (
          <LineFields
            // Lines have no identity of their own: their position is their path (`lines.0.amount`).
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the line's field path
            key={index}
            index={index}
            line={line}
            currencies={request.currencies}
            errorOf={errorOf}
            setLine={setLine}
            onBlur={(field) => actor.send({ type: 'field.blurred', field: `lines.${index}.${field}` })}
            onRemove={() => actor.send({ type: 'line.removed', index })}
            disabled={sending}
          />
        ))}

        <div className={styles.actions}>
          <Button type="submit" tone="secondary" isDisabled={!idle}>
            {state.matches({ ready: 'previewing' }) ? 'Previewing…' : 'Preview'}
          </Button>
          <Button isDisabled={!idle || !current} onPress={() => actor.send({ type: 'user.send' })}>
            {sending ? 'Sending…' : 'Send offer'}
          </Button>
          {!current ? (
            <p className={styles.note}>Preview the offer to send it: it is sent as previewed.</p>
          ) : null}
        </div>
      </Form>
      {preview ? (
        <div className={styles.section}>
          {!current ? (
            <p role="alert" className={consoleStyles.error}>
              The preview below is of earlier values: preview again to send.
            </p>
          ) : null}
          <PriceTable
            price={preview.price}
            fx={preview.price.fx}
            quotedAt={new Date().toISOString()}
            title="Preview: what the customer sees"
          />
          <p className={styles.muted}>
            Valid until {formatDay(preview.price.validTo ?? preview.validTo)}. Prices are in USD; SGD at the
            quote’s stored rate. Services the customer adds are priced on top.
          </p>
        </div>
      ) : null}
    </section>
  )
}

function LineFields({
  index,
  line,
  currencies,
  errorOf,
  setLine,
  onBlur,
  onRemove,
  disabled,
}: {
  index: number
  line: LineValues
  currencies: string[]
  errorOf: (path: string) => string | undefined
  setLine: (index: number, field: LineField) => (value: string) => void
  onBlur: (field: LineField) => void
  onRemove: () => void
  disabled: boolean
}) {
  const path = (field: LineField) => `lines.${index}.${field}`
  const id = (field: LineField) => `line-${index}-${field}`
  const percent = line.basis === 'percent'
  return (
    <fieldset className={styles.line} disabled={disabled} data-testid="charge-line">
      <legend className={styles.lineLegend}>
        Line {index + 1}: {line.code || 'new'} {line.name}
      </legend>
      <div className={styles.lineGrid}>
        <TextField
          label="Code"
          value={line.code}
          onChange={setLine(index, 'code')}
          onBlur={() => onBlur('code')}
          error={errorOf(path('code'))}
        />
        <TextField
          label="Name"
          value={line.name}
          onChange={setLine(index, 'name')}
          onBlur={() => onBlur('name')}
          error={errorOf(path('name'))}
        />
        <SelectBox
          id={id('side')}
          label="Side"
          value={line.side}
          options={plain(chargeSides)}
          onChange={setLine(index, 'side')}
          error={errorOf(path('side'))}
        />
        <SelectBox
          id={id('basis')}
          label="Basis"
          value={line.basis}
          options={plain(chargeBases)}
          onChange={setLine(index, 'basis')}
          error={errorOf(path('basis'))}
        />
        {line.basis === 'container' ? (
          <SelectBox
            id={id('containerType')}
            label="Container type"
            value={line.containerType}
            options={plain(containerTypes)}
            placeholder="Choose"
            onChange={setLine(index, 'containerType')}
            onBlur={() => onBlur('containerType')}
            error={errorOf(path('containerType'))}
          />
        ) : null}
        <SelectBox
          id={id('currency')}
          label="Currency"
          value={line.currency}
          options={plain(currencies.includes(line.currency) ? currencies : [line.currency, ...currencies])}
          onChange={setLine(index, 'currency')}
          error={errorOf(path('currency'))}
        />
        <TextField
          label={percent ? 'Rate (%)' : `Amount (${line.currency})`}
          value={line.amount}
          onChange={setLine(index, 'amount')}
          onBlur={() => onBlur('amount')}
          error={errorOf(path('amount'))}
          placeholder="2100.00"
        />
        <TextField
          label="Minimum (optional)"
          value={line.minimum}
          onChange={setLine(index, 'minimum')}
          onBlur={() => onBlur('minimum')}
          error={errorOf(path('minimum'))}
        />
      </div>
      <Button tone="quiet" isDisabled={disabled} aria-label={`Remove line ${index + 1}`} onPress={onRemove}>
        Remove line
      </Button>
    </fieldset>
  )
}

function Versions({ request }: { request: DeskRequestDetail }) {
  if (request.offers.length === 0) return null
  const newestFirst = [...request.offers].sort((a, b) => b.version - a.version)
  return (
    <section className={styles.section} aria-labelledby="versions-title">
      <h2 id="versions-title">Offers sent</h2>
      <ul className={styles.versions}>
        {newestFirst.map((offer) => (
          <li
            key={offer.version}
            className={[styles.version, offer.superseded ? styles.superseded : ''].join(' ')}
            data-testid="offer-version"
          >
            <strong>Version {offer.version}</strong>
            {offer.superseded ? ' (superseded)' : ' (current)'} · sent by {offer.sentBy},{' '}
            {formatAccountTime(offer.sentAt)}
            <div>
              {offer.carrier}, {offer.service}, {offer.transitDays} days · {usd(offer.totalUsd)} · valid until{' '}
              {formatDay(offer.validTo)}
            </div>
            {offer.note ? <div className={styles.muted}>“{offer.note}”</div> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** "Assign to" a colleague with the Sales role (the lifecycle allowing it), other than the assignee and oneself. */
function AssignColleague({
  actor,
  request,
  selfId,
  busy,
}: {
  actor: BuilderActor
  request: DeskRequestDetail
  selfId: number | null
  busy: boolean
}) {
  const [chosen, setChosen] = useState('')
  const others = request.colleagues.filter((one) => one.id !== selfId && mayAssignTo(request, one.id))
  if (others.length === 0) return null
  return (
    <div className={styles.picker}>
      <div className={styles.pickerField}>
        <label htmlFor="assign-colleague" className={ui.label}>
          Give it to a colleague
        </label>
        <select
          id="assign-colleague"
          className={styles.nativeInput}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose a colleague</option>
          {others.map((one) => (
            <option key={one.id} value={String(one.id)}>
              {one.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        tone="secondary"
        isDisabled={chosen === '' || busy}
        onPress={() => actor.send({ type: 'user.assign', staffId: Number(chosen) })}
      >
        Assign
      </Button>
    </div>
  )
}
