import { style, styleVariants } from '@vanilla-extract/css'
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

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

/** A table on wide screens; each row a card on a phone, each cell with its column's name. */
export const table = style([tables.table, tables.stacked.table, { marginBottom: vars.space['4'] }])
export const head = tables.stacked.head
export const body = tables.stacked.body
export const caption = tables.stacked.caption
export const tableRow = style([
  tables.stacked.row,
  { cursor: 'pointer', selectors: { '&:hover': { background: vars.color.surfaceAlt } } },
])
export const cell = style([tables.cell, tables.stacked.cell])
export const money = style([tables.money, tables.stacked.cell])
export { headCell, headMoney } from '../../styles/table.css'

export const outstanding = style({
  display: 'inline-block',
  minWidth: '1.75rem',
  textAlign: 'center',
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space['2']}`,
  background: vars.color.accent,
  color: vars.color.textOnBrand,
  fontWeight: vars.fontWeight.bold,
})

export const steps = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['3']} 0`,
})

const stepBase = style({
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  border: `1px solid ${vars.color.border}`,
})

export const step = styleVariants({
  done: [stepBase, { background: vars.color.brandSoft, color: vars.color.brand }],
  current: [
    stepBase,
    { background: vars.color.brand, color: vars.color.textOnBrand, fontWeight: vars.fontWeight.bold },
  ],
  next: [stepBase, { color: vars.color.textMuted }],
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.textMuted })

export const detail = style({ margin: 0, whiteSpace: 'pre-line' })

export const documentItem = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space['4']} 0`,
})

export const documentHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'space-between',
})

export const documentTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const overdue = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold })

export const fileList = style({ listStyle: 'none', padding: 0, margin: `${vars.space['2']} 0` })

export const upload = style({
  display: 'grid',
  gap: vars.space['1'],
  margin: `${vars.space['2']} 0`,
  padding: vars.space['3'],
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
})

export const bar = style({
  height: '0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  overflow: 'hidden',
})

export const barFill = style({
  height: '100%',
  background: vars.color.brand,
  transition: 'width 150ms linear',
})

export const barLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.sm,
})

export const legs = style({ paddingLeft: vars.space['5'], margin: 0 })

export const total = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 })

/** A reference (booking or HBL number) never breaks at its hyphen. */
export const reference = style({ whiteSpace: 'nowrap' })
/** The HBL under the booking number, smaller. */
export const secondReference = style({
  display: 'block',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginTop: vars.space['1'],
})

/** Who booked it or uploaded a file (issue 24): smaller, muted, wrapping on a phone. */
export const byline = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginTop: vars.space['1'],
  overflowWrap: 'anywhere',
})
