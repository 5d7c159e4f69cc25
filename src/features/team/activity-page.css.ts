import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

export { fieldGrid as grid, muted, notice, row, textLink as link } from '../../styles/panel.css'
export { headCell } from '../../styles/table.css'

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

/** A table on wide screens; each row a card on a phone (390 px and down to 320 px), as My Bookings. */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['4'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const tableRow = tables.stacked.row
export const cell = style([tables.cell, tables.stacked.cell, { overflowWrap: 'anywhere' }])

export const when = style([cell, { whiteSpace: 'nowrap' }])

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  marginTop: vars.space['3'],
})
