// Code spans written with backticks in text that no Markdown parser read (the text of a block of HTML).

import type {Span} from './bare-urls.js'

/**
 * The code spans of `text`, ascending: as CommonMark pairs them, a run of backticks opens one closed by the next run
 * of the same length, and a run without one is text. Each run's closing run is found beforehand, so a text of many
 * unclosed runs stays linear.
 */
export function backtickSpans(text: string): Span[] {
  const runs = Array.from(text.matchAll(/`+/g), (run) => ({start: run.index, end: run.index + run[0].length}))
  // For each run, the index of the next run as long, found walking back.
  const next: Array<number | undefined> = []
  const seen = new Map<number, number>()
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = runs[i]!.end - runs[i]!.start
    next[i] = seen.get(length)
    seen.set(length, i)
  }
  const spans: Span[] = []
  for (let i = 0; i < runs.length; i++) {
    const close = next[i]
    if (close === undefined) continue
    spans.push({start: runs[i]!.start, end: runs[close]!.end})
    i = close
  }
  return spans
}
