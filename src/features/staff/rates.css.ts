import { style } from '@vanilla-extract/css'
import { badge } from '../../components/ui/badge.css'
import { input } from '../../components/ui/ui.css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

export { cellValue } from './desk-table.css'

export { badge }

/** The page's column is the size container the stacked tables read: rows turn into cards below 60rem. */
export const page = style({ containerType: 'inline-size', containerName: tables.pageContainer })

export const section = style({ marginTop: vars.space['6'] })

export const table = style([tables.table, tables.stacked.table, { marginTop: vars.space['3'] }])
export const caption = style([
  tables.stacked.caption,
  { textAlign: 'left', fontWeight: vars.fontWeight.bold },
])
export const head = tables.stacked.head
export const headCell = tables.headCell
export const body = tables.stacked.body
export const tableRow = tables.stacked.row
export const cell = style([tables.cell, tables.stacked.cell, { overflowWrap: 'anywhere' }])
export const titleCell = style([tables.rowHead, tables.stacked.title, { overflowWrap: 'anywhere' }])

export const filters = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  alignItems: 'start',
})

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
})

/** A native input or select beside the console's react-aria fields: the same look, its own focus ring. */
export const nativeInput = style([
  input,
  {
    selectors: {
      '&:focus-visible': {
        outline: `3px solid ${vars.color.focus}`,
        outlineOffset: '1px',
        borderColor: vars.color.focus,
      },
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    },
  },
])

/** The file input: the browser's own control, full width on a narrow column. */
export const fileInput = style([nativeInput, { maxWidth: '100%', padding: vars.space['2'] }])

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['3']} 0`,
})

export const dearer = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium })
export const cheaper = style({ color: vars.color.success, fontWeight: vars.fontWeight.medium })

export const link = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
})

/** A sheet's facts: as many columns as fit, each name above its value (the desks' facts). */
export { fact, factName, facts, factValue } from './sales-desk.css'
