// Turning a verdict into a vfile message at the URL's own characters, with a fix when there is one.

import type {Root} from 'mdast'
import {location} from 'vfile-location'
import type {VFile} from 'vfile'
import type {Verdict} from '../judge/verdict.js'
import type {Citation} from '../types.js'
import {traverse} from '../extract/traverse.js'
import {angled, type Slot} from '../fix/locate.js'
import {writeUrl} from '../fix/write-url.js'
import {REDACTED} from '../net/redact.js'

export function reportVerdict(tree: Root, file: VFile, citation: Citation, verdict: Verdict): ReturnType<VFile['message']> {
  const message = withoutStackTrace(() => file.message(verdict.message, {place: citation.place}))
  const written = verdict.expected === undefined ? undefined : replacement(file, citation, verdict.expected)
  if (written !== undefined) {
    message.actual = citation.url
    message.expected = [written]
  }
  // remark-lint's comment handling drops messages that start after the document's last leaf (it
  // takes that stretch for a gap), which is where the URL of a closing `[title](url)` sits. Its
  // filter reads `line`/`column` only, so point those at the last leaf; `place` stays exact. It turns them into
  // offsets through the file's own text, a byte order mark included (unlike the tree): so does this.
  // A tree without leaves (only `[](url)`) is one gap up to its end, so the end is where it is seen.
  const covered = coveredEnd(tree)
  const seenAt = covered > 0 ? covered - 1 : tree.position?.end.offset
  if (citation.place.start.offset >= covered && seenAt !== undefined) {
    const point = location(file).toPoint(seenAt)
    if (point) Object.assign(message, {line: point.line, column: point.column})
  }
  return message
}

/**
 * `url` as an editor's quick fix writes it over the URL's characters: escaped for its place, as `--fix` writes it,
 * so the link reads back as that URL. Undefined where `--fix` writes nothing (HTML, JSX, a place that is not the URL,
 * a redacted URL).
 */
function replacement(file: VFile, citation: Citation, url: string): string | undefined {
  // A URL whose secrets were redacted is no fix: the editor would write `REDACTED` into the document.
  if (url.includes(REDACTED)) return undefined
  const slot = citation.placeIsUrl ? slotOf(file, citation) : undefined
  // `.mdx` is what the CLI parses as MDX (src/cli/mdx.ts), where no `<autolink>` can stand in for a bare URL.
  return slot === undefined ? undefined : writeUrl(url, slot, file.extname === '.mdx')
}

/** How the URL is written, as src/fix/locate.ts decides; read from the text only for a link or definition. */
function slotOf(file: VFile, citation: Citation): Slot | undefined {
  switch (citation.kind) {
    case 'autolink':
    case 'literal':
      return citation.kind
    case 'link':
    case 'definition': {
      // The place counts after a byte order mark, which a file's text given as a string still holds.
      const text = String(file)
      const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0
      const span = {start: citation.place.start.offset + shift, end: citation.place.end.offset + shift}
      return angled(text, span) ? 'angled' : 'destination'
    }
    default:
      return undefined
  }
}

/**
 * Runs `make` with no stack trace captured for the errors it creates. A message is an `Error` whose stack
 * vfile-message replaces with '' at once; capturing it first cost 13 µs a message under remark's deep async
 * stacks, 0.26 s of a run with 20,000 messages. The limit is restored before returning, for everyone else's errors.
 */
function withoutStackTrace<T>(make: () => T): T {
  const limit = Error.stackTraceLimit
  try {
    Error.stackTraceLimit = 0
  } catch {
    return make() // Frozen intrinsics (`node --frozen-intrinsics`, SES): the stack is captured, only time is lost.
  }
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}

/** Per tree: a file gets a message per verdict, and the walk is over the whole tree. */
const covering = new WeakMap<Root, number>()

/** The offset up to which unified-message-control sees the tree as covered (same walk as its gap finder). */
function coveredEnd(tree: Root): number {
  let offset = covering.get(tree)
  if (offset === undefined) covering.set(tree, (offset = walkCovered(tree)))
  return offset
}

/**
 * The walk is the project's own: `unist-util-visit` renamed a function per node (for its debug names), 84 ms of a
 * warm run of the large benchmark, where this walk takes a few.
 */
function walkCovered(tree: Root): number {
  let offset = 0
  traverse(tree, undefined, (node) => {
    const start = node.position?.start.offset
    if (start !== undefined && start > offset) offset = start
    const end = 'children' in node ? undefined : node.position?.end.offset
    if (end !== undefined && end > offset) offset = end
  })
  return offset
}
