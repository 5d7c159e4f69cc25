import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

/**
 * A band below the first screen: the browser skips its style, layout and paint until it comes near the
 * viewport (`content-visibility: auto`), so the first paint and the hydration after it lay out the first screen
 * only (docs/hydration.md). Its size is estimated until it has been drawn once, then remembered (`auto`). It
 * contains its paint, so nothing inside may draw outside its padding box: each band keeps padding around what
 * can take focus. (Not the footer: measured, it made the short pages slower.)
 */
const offscreen = { contentVisibility: 'auto', containIntrinsicSize: 'auto 640px' } as const

const container = {
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
} as const

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandStrong} 0%, ${vars.color.brand} 60%, #15528f 100%)`,
  color: vars.color.textOnBrand,
  paddingBottom: vars.space['8'],
})

export const heroInner = style({ ...container, paddingTop: vars.space['8'] })

export const eyebrow = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  letterSpacing: '0.02em',
  color: '#d6e4f5',
  margin: `0 0 ${vars.space['4']}`,
})

export const carousel = style({ position: 'relative' })

/** Every slide in one grid cell, so the hero keeps the height of the tallest and nothing shifts. */
export const slides = style({ display: 'grid' })

export const slide = style({
  gridArea: '1 / 1',
  maxWidth: '44rem',
  selectors: { '&:not([data-active])': { visibility: 'hidden' } },
})

export const slideHeading = style({ fontSize: vars.fontSize['4xl'], color: vars.color.textOnBrand })

export const slideText = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.relaxed,
  color: '#e7eef8',
})

export const slideCta = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['6']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.brandSoft } },
})

export const carouselControls = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  marginTop: vars.space['6'],
})

export const controlButton = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  borderRadius: vars.radius.pill,
  border: '2px solid rgba(255, 255, 255, 0.7)',
  background: 'transparent',
  color: vars.color.textOnBrand,
  font: 'inherit',
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(255, 255, 255, 0.15)' } },
})

export const dot = style({
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  padding: 0,
  background: 'transparent',
  cursor: 'pointer',
  position: 'relative',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      inset: '50% auto auto 50%',
      width: '0.75rem',
      height: '0.75rem',
      transform: 'translate(-50%, -50%)',
      borderRadius: vars.radius.pill,
      border: `2px solid ${vars.color.textOnBrand}`,
    },
    '&[aria-current="true"]::before': { background: vars.color.textOnBrand, width: '1.5rem' },
  },
})

export const quoteStrip = style({ ...container, marginTop: vars.space['6'] })

export const partnerLink = style({
  ...container,
  display: 'block',
  marginTop: vars.space['4'],
  textAlign: 'center',
})

export const band = style({ ...offscreen, padding: `${vars.space['12']} 0` })

export const bandAlt = style([band, { background: vars.color.surfaceAlt }])

export const bandInner = style(container)

export const bandHeading = style({ fontSize: vars.fontSize['3xl'], color: vars.color.brandStrong })

export const bandIntro = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  maxWidth: vars.size.prose,
})

export const steps = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['6']} 0 0`,
  display: 'grid',
  gap: vars.space['4'],
  counterReset: 'step',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } },
})

export const step = style({
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
})

export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.textOnBrand,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['2'],
})

export const offer = style({
  ...container,
  display: 'grid',
  gap: vars.space['4'],
  alignItems: 'center',
  padding: vars.space['8'],
  borderRadius: vars.radius.lg,
  background: `linear-gradient(120deg, ${vars.color.accentStrong}, ${vars.color.accent})`,
  color: vars.color.textOnBrand,
  '@media': { [media.md]: { gridTemplateColumns: '1fr auto' } },
})

export const offerWrap = style({ ...offscreen, padding: `${vars.space['12']} ${vars.space['4']} 0` })

export const offerHeading = style({ fontSize: vars.fontSize['3xl'], color: vars.color.textOnBrand })

export const about = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr' } },
})

export const map = style({ margin: `${vars.space['6']} 0 0` })

export const mapCanvas = style({ position: 'relative', width: '100%' })

export const mapImage = style({ width: '100%', height: 'auto' })

export const mapPins = style({ position: 'absolute', inset: 0, width: '100%', height: '100%' })

export const pin = style({ fill: vars.color.accent, stroke: vars.color.surface, strokeWidth: 1.5 })

export const pinHalo = style({ fill: vars.color.accent, opacity: 0.25 })

export const countryList = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['4']} 0 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } })

export const marquee = style({
  overflow: 'hidden',
  marginTop: vars.space['6'],
  maskImage: 'linear-gradient(90deg, transparent, #000 8%, #000 92%, transparent)',
})

export const marqueeTrack = style({
  display: 'flex',
  width: 'max-content',
  animation: `${scroll} 50s linear infinite`,
  selectors: { [`${marquee}:hover &`]: { animationPlayState: 'paused' } },
  '@media': { [media.reducedMotion]: { animation: 'none' } },
})

export const carrierList = style({
  listStyle: 'none',
  display: 'flex',
  gap: vars.space['4'],
  margin: 0,
  padding: `0 ${vars.space['4']} 0 0`,
})

export const carrier = style({
  whiteSpace: 'nowrap',
  padding: `${vars.space['3']} ${vars.space['5']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  fontWeight: vars.fontWeight.bold,
})

export const disclaimer = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  marginTop: vars.space['4'],
})

export const enrol = style({
  ...offscreen,
  background: vars.color.surfaceDark,
  color: vars.color.textOnBrand,
  textAlign: 'center',
  padding: `${vars.space['12']} ${vars.space['4']}`,
})

export const enrolHeading = style({ fontSize: vars.fontSize['3xl'], color: vars.color.textOnBrand })

export const enrolText = style({ maxWidth: vars.size.prose, margin: `0 auto ${vars.space['6']}` })

export const enrolActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
})

globalStyle(`${hero} a:not([class])`, { color: vars.color.textOnBrand })

export const partnerAnchor = style({ color: vars.color.textOnBrand, fontWeight: vars.fontWeight.medium })
