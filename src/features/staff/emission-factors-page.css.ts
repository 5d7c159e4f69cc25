import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

// The tables, inputs and notes are the pricing desk's: one look across its pages.
export {
  actions,
  body,
  caption,
  cell,
  cellValue,
  cheaper,
  dearer,
  head,
  headCell,
  link,
  muted,
  nativeInput,
  note,
  page,
  section,
  table,
  tableRow,
  titleCell,
} from './rates.css'

/** The version's name, source and note: as many columns as fit, one on a phone. */
export const fields = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
})

/** One factor's numbers and source, framed with its name. */
export const factor = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space['2']} ${vars.space['3']} 0`,
  margin: `0 0 ${vars.space['3']}`,
  minWidth: 0,
})

export const legend = style({ fontWeight: vars.fontWeight.bold, padding: `0 ${vars.space['1']}` })

/** WTW and TTW side by side where they fit, the source below them. */
export const factorFields = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))',
  alignItems: 'start',
})

export const wide = style({ gridColumn: '1 / -1' })

export const textarea = style({ minHeight: '4.5rem', resize: 'vertical', fontFamily: 'inherit' })

export const breadcrumb = style({ margin: `0 0 ${vars.space['2']}` })

export const panel = style({
  marginTop: vars.space['4'],
  padding: vars.space['4'],
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
})
