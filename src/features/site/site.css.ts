import { style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export const offer = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  background: vars.color.brand,
  color: vars.color.textOnBrand,
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr', alignItems: 'center' } },
})

export const offerHeading = style({ fontSize: vars.fontSize['2xl'], color: vars.color.textOnBrand })

export const quotePanel = style({
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
})

export const terms = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.relaxed,
  maxWidth: vars.size.prose,
})

export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  maxWidth: vars.size.prose,
})

export const ruleCode = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.bold })

export const articleList = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['6']} 0`,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(17rem, 1fr))',
})

export const byline = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })

export const article = style({ maxWidth: vars.size.prose })
