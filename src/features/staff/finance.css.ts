import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export { cellValue } from './desk-table.css'
export { item, itemActions, list, panel, smallHeading } from './ops.css'
/** The finance desk looks like the other desks: their tables (cards below 60rem), tabs, facts and forms. */
export {
  actionCell,
  actions,
  badge,
  body,
  caption,
  cell,
  fact,
  factName,
  facts,
  factValue,
  formGrid,
  head,
  headCell,
  link,
  muted,
  nativeInput,
  note,
  page,
  rowMessage,
  section,
  tab,
  tabList,
  table,
  tableRow,
  titleCell,
  wide,
} from './sales-desk.css'

/** An amount's column: figures aligned on a wide table, one ordinary value on a card. */
export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })

/** A warning beside a row (the company has no billing address): words and an icon, never colour alone. */
export const warning = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0`,
})

/** A document's totals: names on the left, amounts on the right, as a tax invoice lays them out. */
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: `${vars.space['3']} 0 0`,
  maxWidth: '28rem',
})
export const totalName = style({ margin: 0, overflowWrap: 'anywhere' })
export const totalValue = style({ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' })
export const grandTotal = style({ fontWeight: vars.fontWeight.bold })

/** The filters' and the journal's fields side by side on a desktop, stacked on a phone. */
export const filters = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))',
  alignItems: 'start',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['3'],
  margin: `0 0 ${vars.space['4']}`,
  minWidth: 0,
})
export const legend = style({ fontWeight: vars.fontWeight.bold, padding: `0 ${vars.space['2']}` })

/** A credit line's amount field beside what is left of the line. */
export const creditLine = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  alignItems: 'end',
})

export const textArea = style({ width: '100%', minHeight: '5rem', resize: 'vertical' })
