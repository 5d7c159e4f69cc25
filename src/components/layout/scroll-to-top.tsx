import { useEffect, useState } from 'react'
import * as styles from './floating.css'

/** Spec section 9: the button shows after this much scrolling. */
export const SCROLL_TO_TOP_AFTER_PX = 500

/** Back to the top of the page, shown once the visitor has scrolled past 500 px. */
export function ScrollToTop() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TO_TOP_AFTER_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!shown) return null
  return (
    <button
      type="button"
      className={styles.toTop}
      aria-label="Scroll to top"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
        // Keyboard users continue from the top of the page too.
        const heading = document.querySelector<HTMLElement>('main h1')
        if (heading) {
          heading.tabIndex = -1
          heading.focus({ preventScroll: true })
        }
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
        <path d="M4 12l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
    </button>
  )
}
