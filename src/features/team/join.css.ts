import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export { card, footnote, lead, notice, page } from '../../components/layout/auth-card.css'

/** The dialling code (read-only) beside the phone number, as on the registration page. */
export const phoneRow = style({
  display: 'grid',
  gridTemplateColumns: '5.5rem minmax(0, 1fr)',
  columnGap: vars.space['3'],
})

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `0 0 ${vars.space['4']}`,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
})
