// Applying edits to the original text by offset: everything outside the edits stays byte for byte.

import type {Span} from '../extract/bare-urls.js'
import type {FixChange, FixedChange} from './index.js'

export interface Edit {
  span: Span
  text: string
  change: FixedChange
}

/**
 * Every span refers to the original text, so the edits are applied in one pass in offset order (the same
 * result as applying them from the end to the start). An edit overlapping one already taken is skipped.
 */
export function splice(source: string, edits: readonly Edit[]): {text: string; changes: FixChange[]} {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
  const pieces: string[] = []
  const changes: FixChange[] = []
  let at = 0
  let previous: Edit | undefined
  for (const edit of sorted) {
    // The same record given twice asks for the same edit: make it once.
    if (previous && sameEdit(previous, edit)) continue
    if (edit.span.start < at) {
      const {kind, to: _, ...rest} = edit.change
      changes.push({...rest, kind: 'skipped', wanted: kind, reason: 'it overlaps another fix'})
      continue
    }
    pieces.push(source.slice(at, edit.span.start), edit.text)
    changes.push(edit.change)
    at = edit.span.end
    previous = edit
  }
  pieces.push(source.slice(at))
  return {text: pieces.join(''), changes}
}

function sameEdit(a: Edit, b: Edit): boolean {
  return a.span.start === b.span.start && a.span.end === b.span.end && a.text === b.text
}
