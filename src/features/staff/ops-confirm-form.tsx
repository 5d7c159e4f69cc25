import { useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import type { OpsBookingDetail } from '../../../contract/operations-desk'
import { calendarDay } from '../../../contract/times'
import { QUOTED_DAY_TIME } from '../../../machines/ops-confirm'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as styles from './ops.css'
import { atPlace, type OpsActor, PlaceSearch, useOpsForm } from './ops-booking-parts'

/** What the customer was quoted, in words: the planned sailing's days and the transshipment port. */
function QuotedPlan({ detail }: { detail: OpsBookingDetail }) {
  const plan = detail.booking.plannedSailing
  const via = detail.quotedTransshipment
  if (!plan && !via) return null
  const parts = [
    ...(plan
      ? [
          `ETD ${calendarDay(plan.etd)}`,
          `ETA ${calendarDay(plan.eta)}`,
          `cargo cut-off ${calendarDay(plan.cargoCutoff)}`,
          `documents cut-off ${calendarDay(plan.docCutoff)}`,
        ]
      : []),
    ...(via ? [`via ${via.name} (${via.code})`] : []),
  ]
  return (
    <p className={styles.quoted} data-testid="quoted-plan">
      The form starts from what the customer was quoted: {parts.join(', ')}.
      {plan
        ? ` The plan gives days, so each time starts at ${QUOTED_DAY_TIME} there: set the carrier’s times before confirming.`
        : ''}
    </p>
  )
}

/** Confirm with the carrier: the carrier's booking, its times at the places, the containers (FCL). */
export function ConfirmForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const { values } = state.context.confirm
  const { errorOf, set, blur } = useOpsForm(actor, 'confirm')
  if (!detail) return null
  const b = detail.booking
  const sending = state.matches({ ready: { work: 'confirming' } })
  const text = (
    field: 'carrier' | 'carrierBookingRef' | 'vesselName' | 'vesselIMONumber' | 'voyage' | 'flight',
    label: string,
    span: keyof typeof styles.span,
    more: { placeholder?: string; digitsOnly?: boolean } = {},
  ) => (
    <div className={styles.span[span]}>
      <TextField
        label={label}
        {...more}
        value={values[field]}
        onChange={set(field)}
        onBlur={blur(field)}
        error={errorOf(field)}
      />
    </div>
  )
  const time = (field: 'etd' | 'eta' | 'cargoCutoff' | 'documentsCutoff' | 'vgmCutoff', label: string) => {
    const place = field === 'eta' ? b.destination : b.origin
    return (
      <div className={styles.span.half} data-testid="confirm-time">
        <TextField
          label={atPlace(label, place, values[field])}
          type="datetime-local"
          value={values[field]}
          onChange={set(field)}
          onBlur={blur(field)}
          error={errorOf(field)}
        />
      </div>
    )
  }
  return (
    <section className={styles.panel} aria-labelledby="confirm-title" data-testid="confirm-card">
      <h2 id="confirm-title">Confirm with the carrier</h2>
      <QuotedPlan detail={detail} />
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
        <div className={styles.confirmGrid}>
          {text('carrier', 'Carrier', 'half')}
          {text('carrierBookingRef', 'Carrier booking reference', 'half')}
          {b.mode === 'AIR' ? (
            text('flight', 'Flight', 'whole', { placeholder: 'SQ7372' })
          ) : (
            <>
              {text('vesselName', 'Vessel', 'third')}
              {text('vesselIMONumber', 'IMO number (optional)', 'third', { digitsOnly: true })}
              {text('voyage', 'Voyage', 'third')}
            </>
          )}
          {time('etd', 'ETD')}
          {time('eta', 'ETA')}
          {time('cargoCutoff', 'Cargo cut-off (optional)')}
          {time('documentsCutoff', 'Documents cut-off (optional)')}
          {b.mode === 'FCL' ? time('vgmCutoff', 'VGM cut-off (optional)') : null}
          <div className={b.mode === 'FCL' ? styles.span.half : styles.span.whole}>
            <PlaceSearch
              actor={actor}
              form="confirm"
              label={b.mode === 'AIR' ? 'Transshipment airport (optional)' : 'Transshipment port (optional)'}
              hint={`Where the cargo changes ${b.mode === 'AIR' ? 'flight' : 'vessel'}, if it does.`}
            />
          </div>
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
