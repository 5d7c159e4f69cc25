import { useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as styles from './ops.css'
import { atPlace, type OpsActor, PlaceSearch, useOpsForm } from './ops-booking-parts'

/** Confirm with the carrier: the carrier's booking, its times at the places, the containers (FCL). */
export function ConfirmForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const { values } = state.context.confirm
  const { errorOf, set, blur } = useOpsForm(actor, 'confirm')
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
