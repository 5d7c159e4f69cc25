import { useEffect, useId, useState } from 'react'
import { ContentLink } from '../../components/page/content-link'
import type { HeroSlide } from '../../content/types'
import * as styles from './home.css'
import { useReducedMotion } from './use-reduced-motion'

/** Spec section 9: the hero banner's cycle. */
export const HERO_CYCLE_MS = 15_000

/**
 * The hero banners: one shown at a time, the next every 15 s. Rotation stops while the pointer or focus is
 * on the banner, when the visitor presses Pause, and altogether under prefers-reduced-motion (WCAG 2.2.2).
 */
export function HeroCarousel({ slides, label }: { slides: HeroSlide[]; label: string }) {
  const [current, setCurrent] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const reducedMotion = useReducedMotion()
  const rotating = !reducedMotion && !stopped && !hovered && !focused
  const id = useId()

  useEffect(() => {
    if (!rotating) return
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % slides.length), HERO_CYCLE_MS)
    return () => window.clearInterval(timer)
  }, [rotating, slides.length])

  const show = (index: number) => setCurrent((index + slides.length) % slides.length)

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      data-rotating={rotating || undefined}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      <div className={styles.slides} aria-live={rotating ? 'off' : 'polite'} id={`${id}-slides`}>
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide of the APG carousel pattern is a named group
          <div
            key={slide.id}
            className={styles.slide}
            data-slide={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            data-active={index === current || undefined}
          >
            <h2 className={styles.slideHeading}>{slide.heading}</h2>
            <p className={styles.slideText}>{slide.text}</p>
            <ContentLink href={slide.cta.href} className={styles.slideCta}>
              {slide.cta.label}
            </ContentLink>
          </div>
        ))}
      </div>
      <div className={styles.carouselControls}>
        {reducedMotion ? null : (
          <button
            type="button"
            className={styles.controlButton}
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? 'Play banner rotation' : 'Pause banner rotation'}
          >
            <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          </button>
        )}
        <button
          type="button"
          className={styles.controlButton}
          aria-controls={`${id}-slides`}
          aria-label="Previous banner"
          onClick={() => show(current - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            className={styles.dot}
            aria-controls={`${id}-slides`}
            aria-label={`Banner ${index + 1}: ${slide.heading}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => show(index)}
          />
        ))}
        <button
          type="button"
          className={styles.controlButton}
          aria-controls={`${id}-slides`}
          aria-label="Next banner"
          onClick={() => show(current + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  )
}
