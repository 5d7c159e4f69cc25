import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** "Instant rates" beside a place the type-ahead found that a rate sheet of the mode serves today. */
export const instant = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.success,
  background: vars.color.successSoft,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space['2']}`,
  whiteSpace: 'nowrap',
})

/** A line under the field saying what it takes (or what was chosen). */
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

/** What the field says while empty, in the type-ahead and in the field drawn while it loads (place-field.tsx). */
export const placeholder = 'Port, airport, city or code'
