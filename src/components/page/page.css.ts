import { globalStyle, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { media, vars } from '../../styles/theme.css'

export const page = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']} ${vars.space['12']}`,
  '@media': { [media.md]: { padding: `${vars.space['12']} ${vars.space['6']} ${vars.space['16']}` } },
})

export const hero = style({
  background: vars.color.brandSoft,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const heroInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['10']} ${vars.space['4']}`,
  '@media': { [media.md]: { padding: `${vars.space['12']} ${vars.space['6']}` } },
})

export const title = style({
  fontSize: vars.fontSize['4xl'],
  color: vars.color.brandStrong,
  overflowWrap: 'break-word',
  maxWidth: '52rem',
})

export const lead = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.relaxed,
  color: vars.color.textMuted,
  maxWidth: vars.size.prose,
})

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const section = style({
  marginTop: vars.space['10'],
  scrollMarginTop: vars.size.headerHeight,
})

export const sectionHeading = style({ fontSize: vars.fontSize['2xl'], color: vars.color.brandStrong })

export const prose = style({ maxWidth: vars.size.prose, lineHeight: vars.lineHeight.relaxed })

export const items = style({
  listStyle: 'none',
  margin: `${vars.space['4']} 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const item = style({
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  borderLeft: `4px solid ${vars.color.brand}`,
})

export const itemTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space['2'] })

globalStyle(`${item} p`, { margin: 0 })

export const linkList = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['4']} 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
})

export const chipLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
})

export const tableWrap = style({
  overflowX: 'auto',
  margin: `${vars.space['4']} 0`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  minWidth: '36rem',
})

globalStyle(`${table} caption`, {
  textAlign: 'left',
  fontWeight: vars.fontWeight.bold,
  padding: vars.space['3'],
  background: vars.color.surfaceAlt,
})

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderTop: `1px solid ${vars.color.border}`,
})

globalStyle(`${table} thead th`, { background: vars.color.brandSoft, color: vars.color.brandStrong })

export const notes = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const cards = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['6']} 0`,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
})

export const card = style({
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: 'box-shadow 150ms ease, transform 150ms ease',
  selectors: { '&:hover, &:focus-within': { boxShadow: vars.shadow.md, transform: 'translateY(-2px)' } },
})

export const cardTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space['2'] })

/** The card's link covers the whole card. */
export const cardLink = style({
  color: vars.color.brandStrong,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const cardText = style({ color: vars.color.textMuted, margin: 0 })

export const ctaRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['8'],
})

export const buttonLink = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '2.75rem',
    padding: `0 ${vars.space['5']}`,
    borderRadius: vars.radius.pill,
    border: '2px solid transparent',
    fontWeight: vars.fontWeight.bold,
    textDecoration: 'none',
    textAlign: 'center',
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.accent,
        color: vars.color.textOnBrand,
        selectors: { '&:hover': { background: vars.color.accentStrong } },
      },
      brand: {
        background: vars.color.brand,
        color: vars.color.textOnBrand,
        selectors: { '&:hover': { background: vars.color.brandStrong } },
      },
      outline: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: { '&:hover': { background: vars.color.brandSoft } },
      },
      light: {
        background: vars.color.surface,
        color: vars.color.brandStrong,
        selectors: { '&:hover': { background: vars.color.brandSoft } },
      },
    },
  },
  defaultVariants: { tone: 'primary' },
})

export const faqs = style({ display: 'grid', gap: vars.space['2'], margin: `${vars.space['4']} 0` })

export const faq = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const faqQuestion = style({
  cursor: 'pointer',
  padding: vars.space['4'],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brandStrong,
  minHeight: '2.75rem',
})

export const faqAnswer = style({ padding: `0 ${vars.space['4']} ${vars.space['4']}`, margin: 0 })

export const toc = style({
  margin: `${vars.space['6']} 0`,
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
})

globalStyle(`${toc} ol`, { margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space['1'] })
