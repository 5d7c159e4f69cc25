import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

export {
  fieldGrid as grid,
  muted,
  notice,
  panel as section,
  row,
  textLink as link,
} from '../../styles/panel.css'
export { headCell, headMoney } from '../../styles/table.css'

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

/** A table on wide screens; each row a card where the page's column is narrow (as My Bookings). */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['4'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const tableRow = style([
  tables.stacked.row,
  { cursor: 'pointer', selectors: { '&:hover': { background: vars.color.surfaceAlt } } },
])
export const cell = style([tables.cell, tables.stacked.cell])
export const money = style([tables.money, tables.stacked.cell])

/** A document's lines and totals: cards on a phone. */
export const linesTable = style([
  tables.table,
  tables.stackedOnPhone.table,
  { marginBottom: vars.space['4'] },
])
export const linesHead = tables.stackedOnPhone.head
export const linesBody = tables.stackedOnPhone.body
export const linesRow = tables.stackedOnPhone.row
export const lineCell = style([tables.cell, tables.stackedOnPhone.cell])
export const lineMoney = style([tables.money, tables.stackedOnPhone.cell])

/** A reference (document or booking number) never breaks at its hyphen. */
export const reference = style({ whiteSpace: 'nowrap' })

export const small = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginTop: vars.space['1'],
  overflowWrap: 'anywhere',
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: `0 0 ${vars.space['4']}`,
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.textMuted })
export const detail = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' })

/** The totals by tax code, GST and the total, right-aligned amounts. */
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) max-content',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  maxWidth: '28rem',
  marginLeft: 'auto',
  marginBottom: vars.space['4'],
})
export const totalAmount = style({ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' })
export const grandTotal = style({ fontWeight: vars.fontWeight.bold })

export const payGrid = style({
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
})

export const qr = style({
  display: 'block',
  width: '100%',
  maxWidth: '14rem',
  height: 'auto',
  background: '#fff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  marginBottom: vars.space['4'],
})
