import { style } from '@vanilla-extract/css'
import { input } from '../../components/ui/ui.css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

/** The page's column is the size container the stacked table reads: the events turn into cards below 60rem. */
export const page = style({ containerType: 'inline-size', containerName: tables.pageContainer })

export const table = style([tables.table, tables.stacked.table, { marginTop: vars.space['4'] }])
export const caption = style([
  tables.stacked.caption,
  { textAlign: 'left', fontWeight: vars.fontWeight.bold },
])
export const head = tables.stacked.head
export const headCell = tables.headCell
export const body = tables.stacked.body
export const tableRow = tables.stacked.row
export const cell = style([tables.cell, tables.stacked.cell, { overflowWrap: 'anywhere' }])
export const titleCell = style([tables.rowHead, tables.stacked.title, { whiteSpace: 'nowrap' }])

export const filters = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  alignItems: 'start',
})

export const filterActions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
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

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const changes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
})

export const changeField = style({ fontWeight: vars.fontWeight.medium })

export const more = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
})
