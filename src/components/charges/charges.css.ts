import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** A charge of a booking with its decision (charge-card.tsx), and a list of them. */
export { muted, notice, panel as section, row, textLink as link } from '../../styles/panel.css'

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `${vars.space['2']} 0`,
})

export const small = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginTop: vars.space['1'],
  overflowWrap: 'anywhere',
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.textMuted })
export const detail = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' })

export const chargeList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['3'],
})

export const charge = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  background: vars.color.surface,
  minWidth: 0,
})

export const chargeHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  alignItems: 'baseline',
  justifyContent: 'space-between',
})

export const chargeTitle = style({ margin: 0, fontSize: vars.fontSize.md, overflowWrap: 'anywhere' })
export const chargeAmount = style({
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})

export const chargeFacts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: `${vars.space['2']} 0`,
  fontSize: vars.fontSize.sm,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  marginTop: vars.space['3'],
})

export const declineForm = style({ marginTop: vars.space['3'], maxWidth: '36rem' })
