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

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  margin: `0 0 ${vars.space['4']}`,
})

export const legend = style({ fontWeight: vars.fontWeight.bold, padding: `0 ${vars.space['2']}` })

/** The options of a quote and My Quotes: tables on wide screens, a card per row on a phone. */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['4'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const caption = tables.stacked.caption
export const tableRow = tables.stacked.row
export const cell = style([tables.cell, tables.stacked.cell])
export const money = style([tables.money, tables.stacked.cell])
export const titleCell = style([tables.cell, tables.stacked.title])
export const actionCell = style([tables.cell, tables.stacked.action])
export { headCell, headMoney } from '../../styles/table.css'

export const total = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 })

export const error = style({ color: vars.color.danger, margin: `0 0 ${vars.space['3']}` })

export const radioGroup = style({
  display: 'flex',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  marginBottom: vars.space['4'],
})

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      background: vars.color.brand,
      color: vars.color.textOnBrand,
      borderColor: vars.color.brand,
    },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

/** What a service covers, under its name. */
export const serviceNote = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 'normal',
})

/** An option's sailing or flight: each fact a line of its own, a date never split across lines. */
export const schedule = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 })

export const scheduleLine = style({ overflowWrap: 'anywhere' })

export const scheduleNote = style([scheduleLine, { color: vars.color.textMuted, fontSize: vars.fontSize.sm }])

export const scheduleDay = style({ whiteSpace: 'nowrap' })

/** A second line under a value, such as "priced by our sales team" under a quote's status. */
export const byline = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.textMuted })
