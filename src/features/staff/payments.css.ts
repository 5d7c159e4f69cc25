import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** The payments and bank pages look like the rest of the finance desk (finance.css.ts), with these parts. */
export {
  actions,
  amount,
  body,
  caption,
  cell,
  facts,
  head,
  headCell,
  item,
  legend,
  link,
  list,
  muted,
  note,
  page,
  panel,
  rowMessage,
  section,
  smallHeading,
  tab,
  tabList,
  table,
  tableRow,
  titleCell,
} from './finance.css'

/** A group of the form (the customer, the allocation lines): bordered, never wider than the screen. */
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['3'],
  margin: `0 0 ${vars.space['4']}`,
  minWidth: 0,
})

/** The form's fields side by side on a desktop, stacked on a phone. */
export const grid = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  alignItems: 'start',
})

/** The customer's name field with its Find button beside it (under it on a phone). */
export const search = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'end',
})

export const chosen = style({ margin: `0 0 ${vars.space['2']}`, overflowWrap: 'anywhere' })

/** The companies found: one button each, wrapping. */
export const choices = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['2']} 0 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
})

export const lines = style({ listStyle: 'none', padding: 0, margin: 0 })

/** An allocation line: the tick, what the invoice owes, the amount. */
export const line = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space['2']} 0`,
  overflowWrap: 'anywhere',
})

/** What is left to allocate: the credit on account. */
export const left = style({ fontWeight: vars.fontWeight.bold, margin: `${vars.space['2']} 0 0` })

/** A refusal of the form: words, never colour alone. */
export const refusal = style({ color: vars.color.danger, margin: `${vars.space['2']} 0` })

/** The file input of the statement upload, usable at 320 px. */
export const fileInput = style({ maxWidth: '100%' })

/** A bank line's card: its facts, then its actions, wrapping at a phone's width. */
export const bankLine = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['3'],
  margin: `0 0 ${vars.space['3']}`,
  overflowWrap: 'anywhere',
})
