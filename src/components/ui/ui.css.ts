import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../styles/theme.css'

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    minHeight: '2.75rem',
    padding: `0 ${vars.space['5']}`,
    borderRadius: vars.radius.pill,
    border: '2px solid transparent',
    font: 'inherit',
    fontWeight: vars.fontWeight.medium,
    cursor: 'pointer',
    textDecoration: 'none',
    // A native button (button.tsx): the browser's own states. Hover only where a pointer can hover, as React
    // Aria's data-hovered was (a tap does not leave a phone's button coloured).
    selectors: {
      '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.brand,
        color: vars.color.textOnBrand,
        '@media': {
          '(hover: hover)': {
            selectors: { '&:hover:not(:disabled)': { background: vars.color.brandStrong } },
          },
        },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        '@media': {
          '(hover: hover)': { selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } } },
        },
      },
      quiet: {
        background: 'transparent',
        color: vars.color.brand,
        padding: `0 ${vars.space['2']}`,
        '@media': { '(hover: hover)': { selectors: { '&:hover': { textDecoration: 'underline' } } } },
      },
    },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary' },
})

export const field = style({ display: 'grid', gap: vars.space['1'], marginBottom: vars.space['4'] })

export const label = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm })

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  selectors: {
    // A native input (TextField) by the browser's own states, React Aria's (the country picker's search) by
    // the attributes it sets.
    '&:focus, &[data-focused]': {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '1px',
      borderColor: vars.color.focus,
    },
    '&[aria-invalid="true"], &[data-invalid]': { borderColor: vars.color.danger },
    '&[readonly]': { background: vars.color.surfaceAlt },
  },
})

export const inputGroup = style({ position: 'relative', display: 'flex', alignItems: 'center' })

export const inputWithButton = style({ paddingRight: '3.25rem' })

export const inlineButton = style({
  position: 'absolute',
  right: vars.space['1'],
  minHeight: '2.25rem',
  padding: `0 ${vars.space['2']}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.brand,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: { '&:focus-visible, &[data-focus-visible]': { outline: `3px solid ${vars.color.focus}` } },
})

export const fieldError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 })

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.dialog,
  background: vars.color.overlay,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['4'],
  animation: `${fadeIn} 120ms ease-out`,
})

export const modal = style({
  width: '100%',
  maxHeight: 'calc(100vh - 2rem)',
  overflow: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
})

export const dialog = style({
  padding: vars.space['6'],
  outline: 'none',
})

export const dialogTitle = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space['3']}` })

export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: vars.space['5'],
})

export const snackbarRegion = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space['6'],
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.toast,
  display: 'grid',
  gap: vars.space['2'],
  width: 'min(32rem, calc(100vw - 2rem))',
})

export const snackbarInline = style({ display: 'grid', marginTop: vars.space['3'] })

export const snackbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceDark,
  color: vars.color.textOnBrand,
  boxShadow: vars.shadow.md,
})

export const snackbarText = style({ flex: 1, margin: 0 })

export const snackbarButton = style({
  border: 'none',
  background: 'transparent',
  color: '#ffd7b5',
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  padding: vars.space['1'],
  selectors: { '&:focus-visible': { outline: `3px solid #ffffff` } },
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const loaderOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(255, 255, 255, 0.75)',
})

export const loaderBox = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  textAlign: 'center',
})

export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  border: `4px solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brand,
  animation: `${spin} 900ms linear infinite`,
})

export const listPopover = style({
  width: 'var(--trigger-width)',
  minWidth: '16rem',
  maxHeight: '18rem',
  overflow: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
})

export const listBox = style({ outline: 'none', padding: vars.space['1'] })

/**
 * A virtualized list (the 250 countries) scrolls itself inside its popover: the Virtualizer sizes and
 * positions the rows, so the list takes the popover's height (as React Aria placed it) and the popover
 * does not scroll.
 */
export const virtualPopover = style({
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  paddingBlock: vars.space['1'],
})

export const virtualListBox = style({
  outline: 'none',
  flex: 1,
  minHeight: 0,
  maxHeight: 'inherit',
  overflow: 'auto',
})

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.brandSoft },
    '&[data-selected]': { fontWeight: vars.fontWeight.bold },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
})

export const optionFlag = style({ flex: 'none', width: '1.5rem', height: 'auto' })

export const optionName = style({ flex: 1 })

export const optionCode = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' })

/** A native select drawn as the text fields are, with its own caret. */
export const nativeSelect = style({
  appearance: 'none',
  paddingRight: vars.space['8'],
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%234a5568' stroke-width='2'/%3E%3C/svg%3E\")",
  backgroundRepeat: 'no-repeat',
  backgroundPosition: `right ${vars.space['3']} center`,
  cursor: 'pointer',
})

export const selectButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  textAlign: 'left',
  cursor: 'pointer',
})

export const checkbox = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  cursor: 'pointer',
})

/** The native checkbox, not shown: the box beside it is drawn from its state. */
export const checkboxInput = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '1px',
  height: '1px',
  margin: 0,
  opacity: 0,
  overflow: 'hidden',
})

export const checkboxBox = style({
  flex: 'none',
  width: '1.25rem',
  height: '1.25rem',
  marginTop: '0.15rem',
  border: `2px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: {
    [`${checkboxInput}:checked + &`]: {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
    },
    [`${checkboxInput}:focus-visible + &`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    [`${checkboxInput}[aria-invalid="true"] + &`]: { borderColor: vars.color.danger },
    [`${checkboxInput}:disabled + &`]: { opacity: 0.5 },
  },
})
