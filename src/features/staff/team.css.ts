import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

export { visuallyHidden } from '../../styles/visually-hidden.css'

export const table = style([tables.table, tables.stacked.table])
export const caption = style([
  tables.stacked.caption,
  { textAlign: 'left', fontWeight: vars.fontWeight.bold },
])
export const head = tables.stacked.head
export const headCell = tables.headCell
export const body = tables.stacked.body
export const tableRow = tables.stacked.row
export const cell = style([tables.cell, tables.stacked.cell, { overflowWrap: 'anywhere' }])
export const titleCell = style([tables.rowHead, tables.stacked.title])
export const actionCell = style([tables.cell, tables.stacked.action])

/** The page's column is the size container the stacked table reads: the members turn into cards below 60rem. */
export const page = style({ containerType: 'inline-size', containerName: tables.pageContainer })

export const section = style({ marginTop: vars.space['6'] })

export const form = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
  maxWidth: '48rem',
})

export const roles = style({
  border: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
})

export const rolesLegend = style({ fontWeight: vars.fontWeight.medium, width: '100%' })

export const formActions = style({ gridColumn: '1 / -1' })

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

export const rowMessage = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0`,
})

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] })

export const inactiveRow = style({ color: vars.color.textMuted })
