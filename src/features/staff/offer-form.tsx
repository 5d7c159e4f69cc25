import { type useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import { chargeCatalogue } from '../../../contract/quote-desk'
import { isPreviewCurrent, type offerBuilderMachine } from '../../../machines/offer-builder.machine'
import type { LineField, OfferField } from '../../../machines/offer-values'
import { formatDay } from '../../app/datetime'
import { PriceTable } from '../../components/shipment/price-table'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as consoleStyles from './console.css'
import { LineFields } from './offer-lines'
import * as styles from './sales-desk.css'

/** The actor of a request's page (src/features/staff/quote-request-page.tsx). */
export type OfferBuilderActor = ReturnType<typeof useActorRef<typeof offerBuilderMachine>>

/**
 * The offer of a request (or its revision): its terms and charge lines, previewed as the customer sees it,
 * then sent as previewed.
 */
export function OfferForm({ actor }: { actor: OfferBuilderActor }) {
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
          Each amount in the currency its field names, with at most two decimals; a line charged as a percent
          of cargo value takes its rate in percent. Amounts start empty: nothing is priced until typed.
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
