/** The query of /user/tracking (`?hbl=`); its own small file so the route file stays light. */
export interface TrackingSearch {
  hbl?: string
}

export function parseTrackingSearch(search: Record<string, unknown>): TrackingSearch {
  return typeof search.hbl === 'string' && search.hbl !== '' ? { hbl: search.hbl.slice(0, 40) } : {}
}
