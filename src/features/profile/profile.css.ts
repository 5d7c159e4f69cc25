import { style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export { panel as section } from '../../styles/panel.css'

export const page = style({ maxWidth: '56rem' })

export const lead = style({ color: vars.color.textMuted, marginTop: 0 })

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['4']}` })

export const groupTitle = style({
  fontSize: vars.fontSize.md,
  margin: `${vars.space['2']} 0 ${vars.space['3']}`,
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

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
})

export const note = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `0 0 ${vars.space['3']}`,
})

export const failed = style({
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
