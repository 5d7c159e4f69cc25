/** The query of /user/getquote and /user/confirm-quote; its own small file so route files stay light. */
export interface OfferSearch {
  quote: string
  option?: number
}

export function parseOfferSearch(search: Record<string, unknown>): OfferSearch {
  const quote = typeof search.quote === 'string' ? search.quote : ''
  const option = Number(search.option)
  return { quote, ...(Number.isInteger(option) && option > 0 ? { option } : {}) }
}
