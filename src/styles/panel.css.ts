import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

/**
 * The logged-in pages' building blocks, defined once: a panel of content, a grid of fields, a row of
 * controls, muted text, a notice, a text link. A feature's stylesheet re-exports the ones it uses under its
 * own names and adds only what is its own.
 */
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['5'],
  marginBottom: vars.space['6'],
})

export const fieldGrid = style({
  display: 'grid',
  gap: `0 ${vars.space['4']}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  alignItems: 'start',
})

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const notice = style({
  background: vars.color.brandSoft,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  margin: `0 0 ${vars.space['4']}`,
})

export const textLink = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})
