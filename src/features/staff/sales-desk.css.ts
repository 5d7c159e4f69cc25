import { style } from '@vanilla-extract/css'
import { badge } from '../../components/ui/badge.css'
import { input } from '../../components/ui/ui.css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

export { badge }

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
/**
 * A word wraps only when it alone is wider than its column (`break-word`, not `anywhere`): with `anywhere` a
 * column's least width became one letter, and a squeezed table broke "Request/ed" in the State column.
 */
export const cell = style([tables.cell, tables.stacked.cell, { overflowWrap: 'break-word' }])
export const titleCell = style([tables.rowHead, tables.stacked.title, { overflowWrap: 'break-word' }])
/** A quote number on one line: "ESQ-" and its digits are not split at the hyphen. */
export const number = style({ whiteSpace: 'nowrap' })
export const actionCell = style([tables.cell, tables.stacked.action])

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: vars.space['4'],
})

export const tab = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  cursor: 'pointer',
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  outline: 'none',
  selectors: {
    '&[data-selected]': { borderBottomColor: vars.color.brand, fontWeight: vars.fontWeight.bold },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
})

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })
export const rowMessage = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0`,
})
export const link = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
})

/** A native select or input beside the console's react-aria fields: the same look, its own focus ring. */
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

export const section = style({ marginTop: vars.space['6'] })

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
})
export const fact = style({ minWidth: 0, overflowWrap: 'anywhere' })
export const factName = style({
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})
export const factValue = style({ margin: 0 })

export const formGrid = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  alignItems: 'start',
})
export const wide = style({ gridColumn: '1 / -1' })

export const line = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['3'],
  margin: `0 0 ${vars.space['3']}`,
  minWidth: 0,
})
export const lineLegend = style({ fontWeight: vars.fontWeight.bold, padding: `0 ${vars.space['2']}` })
/** A line's code and name: the name takes the rest of the line and wraps, never cut. */
export const lineHead = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'minmax(5.5rem, 8rem) minmax(0, 1fr)',
  alignItems: 'start',
})
export const nameInput = style({
  // Grows with its text (Chromium, Safari); one line when the name fits.
  fieldSizing: 'content',
  resize: 'none',
  overflowWrap: 'anywhere',
  display: 'block',
})
/**
 * A line's other fields side by side on a desktop, stacked on a phone; each column wide enough for the longest
 * words of its list ("per W/M (revenue tonne)").
 */
export const lineGrid = style({
  display: 'grid',
  gap: `0 ${vars.space['3']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
})

export const pickers = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
  alignItems: 'end',
  marginBottom: vars.space['4'],
})
export const picker = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'flex-end',
})
export const pickerField = style({ flex: '1 1 12rem', minWidth: 0, display: 'grid', gap: vars.space['1'] })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
})

export const versions = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space['2'] })
export const version = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  overflowWrap: 'anywhere',
})
export const superseded = style({ color: vars.color.textMuted })

/** A conversation of the Messages inbox: its parts one under the other, the button at its own width. */
export const inboxCard = style({ display: 'grid', gap: vars.space['2'], justifyItems: 'start' })
export const excerpt = style({ margin: 0, overflowWrap: 'anywhere', fontStyle: 'italic' })
