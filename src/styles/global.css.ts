import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('html', {
  scrollPaddingTop: vars.size.headerHeight,
  WebkitTextSizeAdjust: '100%',
})

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitFontSmoothing: 'antialiased',
})

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.heading,
  lineHeight: vars.lineHeight.tight,
  margin: `0 0 ${vars.space['4']}`,
})

globalStyle('p', { margin: `0 0 ${vars.space['4']}` })

globalStyle('a', { color: vars.color.brand })

globalStyle('img, svg', { maxWidth: '100%', display: 'block' })

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
})

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms',
      animationIterationCount: '1',
      transitionDuration: '0.01ms',
      scrollBehavior: 'auto',
    },
  },
})
