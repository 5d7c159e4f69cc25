import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

const badgeBase = style({
  display: 'inline-block',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  border: '1px solid transparent',
})

export const badge = styleVariants({
  info: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brand }],
  success: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  warning: [badgeBase, { background: '#fff4e5', color: vars.color.accentStrong }],
  danger: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  neutral: [
    badgeBase,
    { background: vars.color.surfaceAlt, color: vars.color.textMuted, borderColor: vars.color.border },
  ],
})
