import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { dgClasses } from '../../../contract/pricing/rules'
import { containerTypes, type Mode, modes, packingGroups } from '../../../contract/pricing/types'
import { singaporeDate } from '../../../contract/quotes'
import { mayChange } from '../../../contract/team'
import {
  emptyPackage,
  type PackageLine,
  type QuoteField,
  type QuoteFormValues,
  shownErrors,
} from '../../../machines/quote-form'
import { siteConfig } from '../../../site.config'
import type { QuoteSearch } from '../../app/quote-search'
import { useApp } from '../../app/use-app'
import { useCompanyRole } from '../../app/use-company-role'
import { ViewerNote } from '../../components/page/viewer-note'
import { Button } from '../../components/ui/button'
import { ChoiceGroup } from '../../components/ui/choice-group'
import { ErrorDialog } from '../../components/ui/dialog'
import { PlaceCombo } from '../../components/ui/place-field'
import { CheckboxField, SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { quoteFormLogic } from './actors'
import { formInput, readQuoteData } from './quote-data'
import { QuoteResults } from './quote-results'
import * as styles from './quotes.css'

const modeLabels: Record<Mode, string> = {
  FCL: 'FCL (full container)',
  LCL: 'LCL (shared container)',
  AIR: 'Air',
}

const cargoKinds = [
  { value: 'packages', label: 'Packages' },
  { value: 'totals', label: 'Totals' },
] as const satisfies readonly { value: QuoteFormValues['cargoKind']; label: string }[]

/** "Get an instant quote": the request form and its results, on /user/home. */
export function QuoteForm({ search }: { search: QuoteSearch }) {
  const { api, inspect } = useApp()
  const changes = mayChange(useCompanyRole())
  const navigate = useNavigate()
  const actor = useActorRef(quoteFormLogic({ api, navigate, storage: window.localStorage }), {
    input: formInput(singaporeDate(new Date()), search, readQuoteData(window.localStorage)),
    ...(inspect ? { inspect } : {}),
  })
  const context = useSelector(actor, (s) => s.context)
  const snapshot = useSelector(actor, (s) => s)
  const flow = (state: 'submitting' | 'results' | 'noRates' | 'requesting' | 'requested') =>
    snapshot.matches({ flow: state })
  const errors = shownErrors(context)
  const { values } = context
  const change = <F extends QuoteField>(field: F, value: QuoteFormValues[F]) =>
    actor.send({ type: 'field.changed', field, value })
  const blur = (field: string) => () => actor.send({ type: 'field.blurred', field })
  const text = (field: QuoteField & keyof QuoteFormValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={String(values[field] ?? '')}
      onChange={(value) => change(field, value as never)}
      onBlur={blur(field)}
      error={errors[field]}
      {...extra}
    />
  )
  const setPackage = (index: number, patch: Partial<PackageLine>) =>
    change(
      'packages',
      values.packages.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    )

  // A Viewer reads the company's quotes; asking for one is a Member's (issue 24).
  if (!changes) {
    return (
      <section className={styles.section} aria-labelledby="quote-form-title">
        <h2 id="quote-form-title">Get an instant quote</h2>
        <ViewerNote />
      </section>
    )
  }

  return (
    <section className={styles.section} aria-labelledby="quote-form-title">
      <h2 id="quote-form-title">Get an instant quote</h2>
      <form
        aria-labelledby="quote-form-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.submit' })
        }}
      >
        <ChoiceGroup
          label="Mode"
          options={modes.map((mode) => ({ value: mode, label: modeLabels[mode] }))}
          value={values.mode}
          onChange={(mode) => change('mode', mode)}
        />
        <div className={styles.grid}>
          {(['origin', 'destination'] as const).map((end) => (
            <PlaceCombo
              key={end}
              label={end === 'origin' ? 'Origin' : 'Destination'}
              text={context.text[end]}
              place={context.places[end]}
              suggestions={context.lookupEnd === end ? context.suggestions : []}
              error={errors[end]}
              onType={(value) => actor.send({ type: 'place.typed', end, text: value })}
              onChoose={(place) => actor.send({ type: 'place.chosen', end, place })}
              onBlur={blur(end)}
            />
          ))}
          {text('readyDate', 'Cargo ready date', { type: 'date' })}
          {text('commodity', 'Commodity')}
        </div>

        {values.mode === 'FCL' ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Containers</legend>
            {values.containers.map((container, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a container row is known by its place
              <div className={styles.row} key={index}>
                <SelectField
                  label={`Container ${index + 1} type`}
                  options={containerTypes}
                  value={container.type}
                  onChange={(type) =>
                    change(
                      'containers',
                      values.containers.map((c, i) => (i === index ? { ...c, type } : c)),
                    )
                  }
                />
                <TextField
                  label={`Container ${index + 1} count`}
                  value={container.count}
                  inputMode="numeric"
                  onChange={(count) =>
                    change(
                      'containers',
                      values.containers.map((c, i) => (i === index ? { ...c, count } : c)),
                    )
                  }
                />
                {values.containers.length > 1 ? (
                  <Button
                    tone="quiet"
                    onPress={() =>
                      change(
                        'containers',
                        values.containers.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove container {index + 1}
                  </Button>
                ) : null}
              </div>
            ))}
            {context.errors.containers && context.shown.containers ? (
              <p className={styles.error}>{context.errors.containers[0]}</p>
            ) : null}
            <Button
              tone="secondary"
              onPress={() => {
                const type =
                  containerTypes.find((t) => !values.containers.some((c) => c.type === t)) ?? '20GP'
                change('containers', [...values.containers, { type, count: '1' }])
              }}
            >
              Add container type
            </Button>
          </fieldset>
        ) : (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Cargo</legend>
            <ChoiceGroup
              label="Describe the cargo by"
              options={cargoKinds}
              value={values.cargoKind}
              onChange={(kind) => change('cargoKind', kind)}
            />
            {values.cargoKind === 'packages' ? (
              <>
                {values.packages.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: package lines have no identity but their place
                  <div className={styles.grid} key={index}>
                    <TextField
                      label={`Line ${index + 1} pieces`}
                      value={line.count}
                      onChange={(count) => setPackage(index, { count })}
                    />
                    <TextField
                      label={`Line ${index + 1} length (cm)`}
                      value={line.lengthCm}
                      onChange={(lengthCm) => setPackage(index, { lengthCm })}
                    />
                    <TextField
                      label={`Line ${index + 1} width (cm)`}
                      value={line.widthCm}
                      onChange={(widthCm) => setPackage(index, { widthCm })}
                    />
                    <TextField
                      label={`Line ${index + 1} height (cm)`}
                      value={line.heightCm}
                      onChange={(heightCm) => setPackage(index, { heightCm })}
                    />
                    <TextField
                      label={`Line ${index + 1} weight per piece (kg)`}
                      value={line.weightKg}
                      onChange={(weightKg) => setPackage(index, { weightKg })}
                    />
                  </div>
                ))}
                {context.errors.packages && context.shown.packages ? (
                  <p className={styles.error}>{context.errors.packages[0]}</p>
                ) : null}
                <div className={styles.row}>
                  <Button
                    tone="secondary"
                    onPress={() => change('packages', [...values.packages, { ...emptyPackage }])}
                  >
                    Add package line
                  </Button>
                  {values.packages.length > 1 ? (
                    <Button tone="quiet" onPress={() => change('packages', values.packages.slice(0, -1))}>
                      Remove last line
                    </Button>
                  ) : null}
                </div>
              </>
            ) : (
              <div className={styles.grid}>
                {text('volumeCbm', 'Total volume (CBM)')}
                {text('weightKg', 'Total weight (kg)')}
                {text('pieces', 'Pieces')}
              </div>
            )}
          </fieldset>
        )}

        <CheckboxField isSelected={values.hazardous} onChange={(on) => change('hazardous', on)}>
          Hazardous (dangerous goods)
        </CheckboxField>
        {values.hazardous ? (
          <div className={styles.grid}>
            {text('unNumber', 'UN number', { inputMode: 'numeric', maxLength: 4 })}
            <SelectField
              label="Hazard class"
              options={dgClasses}
              value={values.dgClass as (typeof dgClasses)[number] | ''}
              onChange={(value) => change('dgClass', value)}
              onBlur={blur('dgClass')}
              error={errors.dgClass}
            />
            <SelectField
              label="Packing group"
              options={packingGroups}
              value={values.packingGroup as (typeof packingGroups)[number] | ''}
              onChange={(value) => change('packingGroup', value)}
              onBlur={blur('packingGroup')}
              error={errors.packingGroup}
            />
          </div>
        ) : null}
        <div className={styles.grid}>
          {text('cargoValue', 'Cargo value (USD, optional)', { inputMode: 'decimal' })}
        </div>
        <Button type="submit" isDisabled={flow('submitting')}>
          {flow('submitting') ? 'Getting rates…' : 'Get quote'}
        </Button>
      </form>

      {flow('results') && context.quote ? (
        <QuoteResults
          quote={context.quote}
          sort={context.sort}
          onSort={(by) => actor.send({ type: 'sort.changed', by })}
          onSelect={(optionId) => actor.send({ type: 'option.chosen', optionId })}
        />
      ) : null}
      {flow('noRates') || flow('requesting') ? (
        <div className={styles.notice} role="status">
          <p>
            No instant rate for this lane. Request a quote and our sales team will price it within{' '}
            {siteConfig.salesDesk.answerWithin} ({siteConfig.salesDesk.hours}).
          </p>
          <Button isDisabled={flow('requesting')} onPress={() => actor.send({ type: 'user.requestManual' })}>
            Request a quote
          </Button>
        </div>
      ) : null}
      {flow('requested') ? (
        <div className={styles.notice} role="status">
          <p>
            Quote request <strong>{context.requestedNumber}</strong> is with our sales team, who answer within{' '}
            {siteConfig.salesDesk.answerWithin}. It is listed in{' '}
            <Link to="/user/quotation" className={styles.link}>
              My Quotes
            </Link>{' '}
            as Requested.
          </p>
        </div>
      ) : null}
      <ErrorDialog message={context.message} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </section>
  )
}
