import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export { muted, panel as section, textLink as link } from '../../styles/panel.css'

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'flex-end',
  marginBottom: vars.space['4'],
})

export const field = style({ flex: '1 1 16rem', maxWidth: '28rem' })

export const submit = style({ marginBottom: vars.space['4'] })

export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: `0 0 ${vars.space['4']}`,
})

export const eta = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 })

const movedBase = style({ fontWeight: vars.fontWeight.medium, margin: `${vars.space['1']} 0 0` })

export const moved = styleVariants({
  later: [movedBase, { color: vars.color.danger }],
  earlier: [movedBase, { color: vars.color.success }],
  same: [movedBase, { color: vars.color.textMuted }],
})

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space['4'],
})

export const figure = style({ margin: 0 })

// One user unit of the map is one CSS px (route-map.tsx draws it as wide as its box): sizes here are px.
export const map = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  background: '#eaf2fb',
  borderRadius: vars.radius.md,
})

/** The home map's colours (scripts/world-map.ts): sea #eaf2fb, land #c9d6e6. */
export const land = style({ fill: '#c9d6e6', stroke: '#b4c4d8', strokeWidth: 0.5, strokeLinejoin: 'round' })

export const seaLeg = style({
  fill: 'none',
  stroke: vars.color.brand,
  strokeWidth: 2.5,
  strokeLinecap: 'round',
})

export const airLeg = style([seaLeg, { strokeDasharray: '6 5' }])

export const place = styleVariants({
  origin: { fill: vars.color.brand, stroke: '#fff', strokeWidth: 1.5 },
  transshipment: { fill: '#fff', stroke: vars.color.brand, strokeWidth: 2 },
  destination: { fill: vars.color.accent, stroke: '#fff', strokeWidth: 1.5 },
})

// 13 px: route-map.tsx places the labels by that size (LABEL_PX). A white edge keeps a label legible on a
// line or on land.
export const placeLabel = style({
  fontSize: '13px',
  fontWeight: 700,
  fill: vars.color.text,
  stroke: '#fff',
  strokeWidth: 3,
  strokeLinejoin: 'round',
  paintOrder: 'stroke',
})

export const position = style({ fill: vars.color.accent })

export const positionHalo = style({ fill: 'none', stroke: vars.color.accent, strokeWidth: 2 })

export const mapLegend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  marginTop: vars.space['2'],
})
