import { useEffect, useState } from 'react'

/** Spec section 9: the header hides after scrolling down past this many pixels. */
export const HEADER_HIDE_AFTER_PX = 500

/** Whether the page has scrolled at all, and whether the header should step aside (scrolling down past 500 px). */
export function useHeaderScroll() {
  const [state, setState] = useState({ scrolled: false, hidden: false })
  useEffect(() => {
    let last = window.scrollY
    let frame = 0
    const update = () => {
      frame = 0
      const y = window.scrollY
      setState((previous) => {
        const scrolled = y > 0
        let hidden = previous.hidden
        if (y <= HEADER_HIDE_AFTER_PX) hidden = false
        else if (y > last) hidden = true
        else if (y < last) hidden = false
        last = y
        return previous.scrolled === scrolled && previous.hidden === hidden ? previous : { scrolled, hidden }
      })
    }
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) window.cancelAnimationFrame(frame)
    }
  }, [])
  return state
}
