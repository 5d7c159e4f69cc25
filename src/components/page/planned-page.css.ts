import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['10']} ${vars.space['4']}`,
})

export const lead = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  maxWidth: vars.size.prose,
})

export const planned = style({
  marginTop: vars.space['8'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})
