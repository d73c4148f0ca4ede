// Turning a verdict into a vfile message at the URL's own characters, with a fix when there is one.

import type {VFile} from 'vfile'
import type {CheckedCitation} from '../check.js'

export function reportVerdict(file: VFile, {citation, verdict}: CheckedCitation): void {
  const message = file.message(verdict.message, {place: citation.place})
  if (verdict.expected !== undefined && citation.placeIsUrl) {
    message.actual = citation.url
    message.expected = [verdict.expected]
  }
}
