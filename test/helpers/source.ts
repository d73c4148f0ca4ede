// A Citation and a SourceReport for table tests of the judges: give only what the case is about.

import {fragmentOf, normalizeUrl} from '../../src/extract/normalize.js'
import {emptyPageFacts} from '../../src/page/index.js'
import type {Citation, PageFacts, SourceReport} from '../../src/types.js'

const here = {line: 1, column: 1, offset: 0}

export function citation(url: string, overrides: Partial<Citation> = {}): Citation {
  return {
    kind: 'link',
    url,
    normalizedUrl: normalizeUrl(url)?.url,
    fragment: fragmentOf(url),
    citedTitle: undefined,
    claim: undefined,
    place: {start: here, end: {line: 1, column: 1 + url.length, offset: url.length}},
    placeIsUrl: true,
    ...overrides
  }
}

/** An answered page (200, alive) at `url`; `page` fields default to empty. */
export function source(url: string, page: Partial<PageFacts> = {}, overrides: Partial<SourceReport> = {}): SourceReport {
  const finalUrl = overrides.finalUrl ?? url
  return {
    url,
    finalUrl,
    hops: [{url: finalUrl, status: 200}],
    status: 200,
    liveness: 'alive',
    reason: '200 OK',
    errorCode: undefined,
    permanentRedirect: false,
    page: {...emptyPageFacts('text/html', false), ...page},
    elapsedMs: 1,
    checkedAt: '2026-01-01T00:00:00.000Z',
    ...overrides
  }
}
