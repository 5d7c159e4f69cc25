import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

/** The emissions report (/user/emissions): the period, the totals, the sums and the bookings. */
export { muted, panel as section, textLink as link } from '../../styles/panel.css'
export { headCell, headMoney } from '../../styles/table.css'

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

/** From, To and Show in a row that wraps. */
export const period = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: `0 ${vars.space['3']}`,
  border: 'none',
  padding: 0,
  margin: `${vars.space['3']} 0`,
})

export const legend = style({ fontWeight: vars.fontWeight.medium, marginBottom: vars.space['2'], padding: 0 })

/** Show, level with the inputs (below their labels). */
export const show = style({ alignSelf: 'flex-end', marginBottom: vars.space['4'] })

export const monthInput = style({ minWidth: '10rem' })

/** The period's WTW total, large, and TTW beside it. */
export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['5']}`,
  margin: `${vars.space['2']} 0`,
})

export const total = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  margin: 0,
})

export const beside = style({ margin: 0, fontVariantNumeric: 'tabular-nums' })

export const downloads = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  margin: `${vars.space['3']} 0`,
})

/** The method, factors and data quality: small print an auditor reads. */
export const notes = style({ fontSize: vars.fontSize.sm, maxWidth: '50rem' })

/** The sums by mode and by month: a table, cards on a phone. */
export const sumTable = style([tables.table, tables.stackedOnPhone.table, { marginBottom: vars.space['4'] }])
export const sumHead = tables.stackedOnPhone.head
export const sumBody = tables.stackedOnPhone.body
export const sumRow = tables.stackedOnPhone.row
export const sumTitle = style([tables.rowHead, tables.stackedOnPhone.title])
export const sumCell = style([tables.money, tables.stackedOnPhone.cell])

/** The bookings: a table, each row a card where the page's column is narrow (as My Bookings). */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['4'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const row = tables.stacked.row
export const title = style([tables.cell, tables.stacked.title])
export const cell = style([tables.cell, tables.stacked.cell])
export const number = style([tables.money, tables.stacked.cell])

/** A cell's second line: how a mass was known, the factors' version. */
export const small = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.textMuted })

/** A booking number never breaks at its hyphen. */
export const reference = style({ whiteSpace: 'nowrap' })
