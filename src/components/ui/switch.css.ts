import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const item = style({ padding: `${vars.space['2']} 0` })

export const row = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  cursor: 'pointer',
})

export const track = style({
  flex: 'none',
  position: 'relative',
  width: '2.75rem',
  height: '1.5rem',
  borderRadius: '999px',
  background: vars.color.textMuted,
  transition: 'background 120ms',
  selectors: {
    [`${row}[data-selected] &`]: { background: vars.color.brand },
    [`${row}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    [`${row}[data-disabled] &`]: { opacity: 0.6 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

export const thumb = style({
  position: 'absolute',
  top: '0.2rem',
  left: '0.2rem',
  width: '1.1rem',
  height: '1.1rem',
  borderRadius: '50%',
  background: vars.color.surface,
  transition: 'transform 120ms',
  selectors: { [`${row}[data-selected] &`]: { transform: 'translateX(1.25rem)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

export const label = style({ fontWeight: vars.fontWeight.medium })

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space['1']} 0 0 3.5rem`,
})
