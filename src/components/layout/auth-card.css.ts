/** The card the login, account activation and password reset pages sit in. */
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({
  display: 'grid',
  placeItems: 'start center',
  padding: `${vars.space['10']} ${vars.space['4']}`,
  background: vars.color.surfaceAlt,
  minHeight: 'calc(100vh - 4rem)',
})

export const card = style({
  width: '100%',
  maxWidth: '28rem',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space['8'],
})

export const lead = style({ color: vars.color.textMuted })

export const row = style({ display: 'flex', justifyContent: 'flex-end', marginBottom: vars.space['4'] })

export const footnote = style({ marginTop: vars.space['6'], textAlign: 'center' })

export const notice = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
  marginBottom: vars.space['4'],
})
