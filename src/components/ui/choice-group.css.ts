import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** A segmented control of native radios (choice-group.tsx). */
export const group = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  marginBottom: vars.space['4'],
})

export const label = style({ fontWeight: vars.fontWeight.bold, paddingRight: vars.space['2'] })

export const option = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  // The label of a native radio, which is visually hidden inside it: chosen and focused by what it holds.
  selectors: {
    '&:has(input:checked)': {
      background: vars.color.brand,
      color: vars.color.textOnBrand,
      borderColor: vars.color.brand,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})
