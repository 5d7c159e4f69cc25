import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

export { muted, notice, panel as section, row, textLink as link } from '../../styles/panel.css'
export { headCell } from '../../styles/table.css'

export const page = style({ maxWidth: '64rem' })

export const lead = style({ color: vars.color.textMuted, marginTop: 0 })

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['3']}` })

export const note = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space['3']}`,
})

/** The page's status region: empty until an action is done, so it keeps its line. */
export const status = style({ minHeight: '1.5em', margin: `0 0 ${vars.space['3']}`, fontWeight: 500 })

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

/** A table where the page's column is wide; each row a card where it is narrow (a phone, down to 320 px). */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['2'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const caption = style([
  tables.stacked.caption,
  {
    textAlign: 'left',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
    paddingBottom: vars.space['2'],
  },
])
export const tableRow = tables.stacked.row
export const cell = style([tables.cell, tables.stacked.cell, { overflowWrap: 'anywhere' }])
export const titleCell = style([
  tables.rowHead,
  tables.stacked.title,
  {
    overflowWrap: 'anywhere',
    selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
  },
])
export const actionCell = style([tables.cell, tables.stacked.action])

export const inactiveRow = style({ color: vars.color.textMuted })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
})

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  margin: `0 0 ${vars.space['4']}`,
})

/** Why a control is disabled, or what its row's last action was refused with. */
export const reason = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0`,
  maxWidth: '22rem',
})

export const rowMessage = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0`,
  maxWidth: '22rem',
})

/** A member's role choice in their row: as wide as its words. */
export const roleSelect = style({ marginBottom: 0, minWidth: 'min(8.5rem, 100%)' })

export const radioGroup = style({ display: 'grid', gap: vars.space['2'], marginBottom: vars.space['4'] })

export const legend = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm })

export const radio = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `0 ${vars.space['2']}`,
  alignItems: 'start',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-invalid]': { borderColor: vars.color.danger },
  },
})

/** The radio's dot. */
export const radioDot = style({
  width: '1rem',
  height: '1rem',
  marginTop: '0.2rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  selectors: {
    [`${radio}[data-selected] &`]: {
      borderColor: vars.color.brand,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
      background: vars.color.brand,
    },
  },
})

export const radioName = style({ fontWeight: vars.fontWeight.medium })

export const radioDuty = style({ gridColumn: 2, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
