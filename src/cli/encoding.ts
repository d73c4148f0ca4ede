// A document in UTF-16 (as Windows PowerShell and some editors save text) stops at its first character with a
// message. unified-engine reads every file as UTF-8, which turns UTF-16 into NUL-strewn garbage: no link is found
// in it, and the file passed as "no issues found" with its dead citations unchecked.

import type {Processor} from 'unified'
import type {VFile} from 'vfile'

type Parse = (document: string, file: VFile) => unknown

/**
 * How much of the start is looked at, the share of NULs that says UTF-16, and the fewest NULs that do: as many as the
 * shortest URL (`http://a.b`) has characters in UTF-16, so that two stray NULs in a short UTF-8 file are not a share.
 */
const head = 1000
const nulShare = 0.05
const fewestNuls = 10

export default function remarkUtf16Stop(this: Processor) {
  const parse = this.parser as Parse | undefined
  if (!parse) return
  this.parser = ((document: string, file: VFile) => {
    if (isUtf16(document)) {
      file.fail('Unexpected UTF-16 text, expected UTF-8: save the file as UTF-8 to check it', {
        place: {line: 1, column: 1},
        ruleId: 'encoding',
        source: 'remark-lint-citations'
      })
    }
    return parse(document, file)
  }) as Processor['parser']
}

/**
 * Whether text read as UTF-8 was UTF-16: each ASCII character of it (all of Markdown's syntax, every URL) comes with
 * a NUL. A stray NUL in UTF-8 text, which micromark reads as U+FFFD, does not make the share.
 */
function isUtf16(document: string): boolean {
  const start = document.slice(0, head)
  let nuls = 0
  for (const character of start) if (character === '\u0000') nuls++
  return nuls >= fewestNuls && nuls >= start.length * nulShare
}
