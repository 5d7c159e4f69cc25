import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { vars } from '../../styles/theme.css'

/** A statement of account (statement-view.tsx), the customer's and finance's, and My Invoices' tabs. */
export { muted, textLink as link } from '../../styles/panel.css'
export { headCell, headMoney } from '../../styles/table.css'

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

/** A table on wide screens; each row a card where the column is narrow (as My Invoices). */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['4'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const cell = style([tables.cell, tables.stacked.cell])
export const money = style([tables.money, tables.stacked.cell])

/** A reference (document number) never breaks at its hyphen. */
export const reference = style({ whiteSpace: 'nowrap' })

/** The tabs of My Invoices: Invoices and Statement of account. */
export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space['4'],
})

export const tab = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  selectors: {
    '&[aria-current="page"]': { borderBottomColor: vars.color.brand, fontWeight: 600 },
    '&:hover': { background: vars.color.surfaceAlt },
  },
})

/** The balance, large, with the statement's facts under it. */
export const balance = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  margin: `${vars.space['1']} 0`,
  fontVariantNumeric: 'tabular-nums',
})

/** The five ageing buckets: in a row when there is room, two or one a line on a phone. */
export const buckets = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8.5rem, 1fr))',
  gap: vars.space['2'],
  margin: `${vars.space['3']} 0`,
  padding: 0,
})

export const bucket = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: 0,
})

export const bucketName = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const bucketAmount = style({
  margin: 0,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
})

/** The period and currency choices and Download PDF. */
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['3'],
  margin: `${vars.space['3']} 0`,
})
