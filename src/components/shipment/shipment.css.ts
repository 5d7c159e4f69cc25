import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: 'normal' })

export const timeline = style({ listStyle: 'none', margin: 0, padding: 0 })

const milestoneBase = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1.5rem 1fr',
  gap: vars.space['3'],
  paddingBottom: vars.space['4'],
  selectors: {
    '&:not(:last-child)::before': {
      content: '""',
      position: 'absolute',
      left: '0.69rem',
      top: '1.25rem',
      bottom: 0,
      width: '2px',
      background: vars.color.border,
    },
  },
})

export const milestone = styleVariants({
  done: [milestoneBase],
  current: [milestoneBase, { fontWeight: vars.fontWeight.medium }],
  next: [milestoneBase, { color: vars.color.textMuted }],
  unreported: [milestoneBase],
  notReached: [milestoneBase, { color: vars.color.textMuted }],
})

const dotBase = style({
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: '50%',
  border: `3px solid ${vars.color.brand}`,
  background: vars.color.surface,
  marginTop: '0.15rem',
})

export const dot = styleVariants({
  done: [dotBase, { background: vars.color.brand }],
  current: [dotBase, { borderColor: vars.color.accent, boxShadow: `0 0 0 4px ${vars.color.brandSoft}` }],
  next: [dotBase, { borderColor: vars.color.border }],
  /** Passed without a report: the brand's ring, not filled. */
  unreported: [dotBase],
  notReached: [dotBase, { borderColor: vars.color.border, borderStyle: 'dashed' }],
})

export const milestoneTitle = style({ margin: 0 })

const tagBase = style({
  display: 'inline-block',
  fontSize: vars.fontSize.xs,
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  marginLeft: vars.space['2'],
  verticalAlign: 'middle',
})

export const stateTag = styleVariants({
  done: [tagBase, { background: vars.color.successSoft, color: vars.color.success }],
  current: [tagBase, { background: vars.color.accent, color: vars.color.textOnBrand }],
  next: [tagBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
  unreported: [tagBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
  notReached: [tagBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
})

export const times = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `0 ${vars.space['3']}`,
  margin: `${vars.space['1']} 0`,
  fontSize: vars.fontSize.sm,
})
