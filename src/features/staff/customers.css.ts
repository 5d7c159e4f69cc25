import { style } from '@vanilla-extract/css'
import { input } from '../../components/ui/ui.css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

/** The page's column is the size container the stacked tables read: rows turn into cards below 60rem. */
export const page = style({ containerType: 'inline-size', containerName: tables.pageContainer })

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
export const titleCell = style([tables.rowHead, tables.stacked.title, { overflowWrap: 'anywhere' }])
export const actionCell = style([tables.cell, tables.stacked.action])

export const section = style({ marginTop: vars.space['6'] })

export const search = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  alignItems: 'end',
  maxWidth: '56rem',
})

export const searchActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] })

/** A native select beside the console's react-aria fields: the same look, its own focus ring. */
export const nativeInput = style([
  input,
  {
    selectors: {
      '&:focus-visible': {
        outline: `3px solid ${vars.color.focus}`,
        outlineOffset: '1px',
        borderColor: vars.color.focus,
      },
    },
  },
])

export const link = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
})

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
})

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

export const rowMessage = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0`,
})

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] })

export const inactiveRow = style({ color: vars.color.textMuted })

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space['3'],
  margin: `${vars.space['3']} 0`,
})

export const fact = style({ margin: 0 })

export const factLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const documentList = style({ margin: 0, paddingLeft: vars.space['4'] })

export const conversation = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  marginTop: vars.space['3'],
})

export const messageList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
})

export const messageMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const messageBody = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })
