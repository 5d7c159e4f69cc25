import { useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { milestoneCodes } from '../../../contract/operations-desk'
import { codeName } from '../../../machines/ops-booking-setup'
import { milestoneEventTypes } from '../../../machines/ops-milestone'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './ops.css'
import { atPlace, NativeSelect, type OpsActor, PlaceSearch, useOpsForm } from './ops-booking-parts'

/** Post a milestone: the event, where and when it happened (the place's own time), what carried it. */
export function MilestoneForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const { values } = state.context.milestone
  const { errorOf, set, blur } = useOpsForm(actor, 'milestone')
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
