// A SourceReport to store and compare in cache tests.

import type {SourceReport} from '../../src/types.js'
import {source} from './source.js'

export function report(overrides: Partial<SourceReport> = {}): SourceReport {
  const page = {
    titles: [{source: 'title' as const, text: 'A page'}],
    anchors: ['intro'],
    siteName: 'Example',
    passages: ['First passage.', 'Second passage.'],
    contentType: 'text/html; charset=utf-8'
  }
  return source('https://example.com/a', page, {elapsedMs: 12, checkedAt: '2025-01-02T03:04:05.000Z', ...overrides})
}

/** A report through JSON, as it comes back from any store (undefined fields dropped). */
export function viaJson(value: SourceReport): SourceReport {
  return JSON.parse(JSON.stringify(value)) as SourceReport
}
