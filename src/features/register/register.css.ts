import { globalStyle, style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export const page = style({
  padding: `${vars.space['10']} ${vars.space['4']}`,
  background: vars.color.surfaceAlt,
})

export const card = style({
  maxWidth: '52rem',
  margin: '0 auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space['8'],
})

export const grid = style({
  display: 'grid',
  columnGap: vars.space['5'],
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr' } },
})

export const wide = style({ '@media': { [media.md]: { gridColumn: '1 / -1' } } })

export const phoneRow = style({
  display: 'grid',
  gridTemplateColumns: '6rem 1fr',
  columnGap: vars.space['3'],
})

export const upper = style({ textTransform: 'uppercase' })

export const footnote = style({ marginTop: vars.space['6'], textAlign: 'center' })

export const quote = style({
  margin: `${vars.space['4']} 0 ${vars.space['6']}`,
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
})

export const quoteList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
  margin: `${vars.space['2']} 0 0`,
})

export const quoteRow = style({ display: 'contents' })

globalStyle(`${quoteRow} dd`, { margin: 0, fontWeight: 600 })
