// A SourceReport to store and compare in cache tests.

import type {SourceReport} from '../../src/types.js'

export function report(overrides: Partial<SourceReport> = {}): SourceReport {
  return {
    url: 'https://example.com/a',
    finalUrl: 'https://example.com/a',
    hops: [{url: 'https://example.com/a', status: 200}],
    status: 200,
    liveness: 'alive',
    reason: '200 OK',
    errorCode: undefined,
    permanentRedirect: false,
    page: {
      titles: [{source: 'title', text: 'A page'}],
      anchors: ['intro'],
      siteName: 'Example',
      botWall: undefined,
      paywall: undefined,
      notFound: undefined,
      refresh: undefined,
      passages: ['First passage.', 'Second passage.'],
      contentType: 'text/html; charset=utf-8',
      truncated: false
    },
    elapsedMs: 12,
    checkedAt: '2025-01-02T03:04:05.000Z',
    ...overrides
  }
}

/** A report through JSON, as it comes back from any store (undefined fields dropped). */
export function viaJson(value: SourceReport): SourceReport {
  return JSON.parse(JSON.stringify(value)) as SourceReport
}
