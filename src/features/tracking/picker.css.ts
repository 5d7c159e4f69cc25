import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export { muted } from '../../styles/panel.css'

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  gap: vars.space['3'],
})

export const item = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
  justifyContent: 'space-between',
})

export const link = style({ fontWeight: vars.fontWeight.bold, color: vars.color.brand })

export const alert = style({ color: vars.color.danger })
