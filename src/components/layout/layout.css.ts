import { globalStyle, style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export const main = style({ minHeight: '60vh' })

export const footer = style({
  background: vars.color.surfaceDark,
  color: vars.color.textOnBrand,
  padding: `${vars.space['10']} ${vars.space['4']}`,
})

export const footerInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space['6'],
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: '1.6fr 1fr 1fr 0.8fr 1.2fr' },
  },
})

export const footerHeading = style({ fontSize: vars.fontSize.lg, color: vars.color.textOnBrand })

export const footerText = style({ color: '#dbe5f2', lineHeight: vars.lineHeight.relaxed })

export const footerLink = style({ color: vars.color.textOnBrand })

export const footerAddress = style({ fontStyle: 'normal', display: 'grid', gap: vars.space['3'] })

globalStyle(`${footerAddress} p`, { margin: 0 })

export const line = style({ display: 'block' })

export const socialList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
})

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  border: '1px solid rgba(255, 255, 255, 0.4)',
  color: vars.color.textOnBrand,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { background: 'rgba(255, 255, 255, 0.1)' } },
})

export const footerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
})

export const copyright = style({
  maxWidth: vars.size.content,
  margin: `${vars.space['8']} auto 0`,
  paddingTop: vars.space['4'],
  borderTop: '1px solid rgba(255, 255, 255, 0.2)',
  fontSize: vars.fontSize.sm,
})

export const footerForm = style({
  maxWidth: vars.size.content,
  margin: `0 auto ${vars.space['10']}`,
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  background: 'rgba(255, 255, 255, 0.06)',
})
