import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['4'],
  background: vars.color.surface,
  marginTop: vars.space['6'],
})

export const list = style({
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space['4']}`,
  display: 'grid',
  gap: vars.space['3'],
  maxHeight: '24rem',
  overflowY: 'auto',
})

export const message = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  maxWidth: '40rem',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
})

export const mine = style({ marginLeft: 'auto', background: vars.color.brandSoft })

export const meta = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const count = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, textAlign: 'right' })

export const problem = style({ color: vars.color.danger })

export const unread = style({
  display: 'inline-block',
  minWidth: '1.5em',
  marginLeft: vars.space['2'],
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: '#fff',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
})

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})
