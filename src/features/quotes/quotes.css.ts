import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['5'],
  marginBottom: vars.space['6'],
})

export const grid = style({
  display: 'grid',
  gap: `0 ${vars.space['4']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  alignItems: 'start',
})

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  margin: `0 0 ${vars.space['4']}`,
})

export const legend = style({ fontWeight: vars.fontWeight.bold, padding: `0 ${vars.space['2']}` })

export const table = style({ width: '100%', borderCollapse: 'collapse', marginBottom: vars.space['4'] })

export const cell = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
})

export const money = style([
  cell,
  { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
])

export const total = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const error = style({ color: vars.color.danger, margin: `0 0 ${vars.space['3']}` })

export const notice = style({
  background: vars.color.brandSoft,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  margin: `0 0 ${vars.space['4']}`,
})

export const radioGroup = style({
  display: 'flex',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  marginBottom: vars.space['4'],
})

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      background: vars.color.brand,
      color: vars.color.textOnBrand,
      borderColor: vars.color.brand,
    },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const link = style({
  color: vars.color.brand,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})
