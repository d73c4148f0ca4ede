// Turning a verdict into a vfile message at the URL's own characters, with a fix when there is one.

import type {Root} from 'mdast'
import {location} from 'vfile-location'
import type {VFile} from 'vfile'
import type {Verdict} from '../judge/verdict.js'
import type {Citation} from '../types.js'
import {traverse} from '../extract/traverse.js'
import {angled} from '../extract/url-range.js'
import type {Slot} from '../fix/locate.js'
import {writeUrl} from '../fix/write-url.js'
import {REDACTED} from '../net/redact.js'

export function reportVerdict(tree: Root, file: VFile, citation: Citation, verdict: Verdict): ReturnType<VFile['message']> {
  const message = withoutStackTrace(() => file.message(verdict.message, {place: citation.place}))
  const written = verdict.expected === undefined ? undefined : replacement(file, citation, verdict.expected)
  if (written !== undefined) {
    message.actual = citation.url
    message.expected = [written]
  }
  keepInView(tree, file, message, citation.place.start.offset)
  return message
}

/**
 * remark-lint's comment handling drops messages that start in what it takes for a gap: after the document's last
 * leaf, which is where the URL of a closing `[title](url)` sits, and up to any node without a position (the text
 * around a GFM literal in an open bracket, `[see https://…]`, has none).
 * Its filter reads `line`/`column` only, so those point where it sees a message that starts at `offset`; `place`
 * stays as it was. It turns them into offsets through the file's own text, a byte order mark included (unlike the
 * tree): so does this.
 */
function keepInView(tree: Root, file: VFile, message: ReturnType<VFile['message']>, offset: number): void {
  const seenAt = seenOffset(tree, offset)
  if (seenAt === offset) return
  const point = location(file).toPoint(seenAt)
  if (point) Object.assign(message, {line: point.line, column: point.column})
}

/**
 * Where unified-message-control sees a message that starts at `offset`: there, unless that is in a gap; then just
 * before the gap, at the end of the leaf it follows (the text of a closing `[title](url)`, or of a link followed by
 * a node without a position), so the lint comments around the citation are the ones that apply; else, when the gap
 * starts the document, the end of the gaps, at the latest the tree's end (`[](url)` alone is one gap up to it).
 */
function seenOffset(tree: Root, offset: number): number {
  const gaps = gapsOf(tree)
  const gapAt = (at: number) => gaps.find(([start, end]) => start <= at && at < end)
  let before = offset
  for (let gap = gapAt(before); gap !== undefined; gap = gapAt(before)) before = gap[0] - 1
  if (before >= 0) return before
  let at = offset
  for (const [start, end] of gaps) if (start <= at && at < end) at = end
  return at
}

/**
 * `url` as an editor's quick fix writes it over the URL's characters: escaped for its place, as `--fix` writes it,
 * so the link reads back as that URL. Undefined where `--fix` writes nothing (HTML, JSX, a place that is not the URL,
 * a redacted URL).
 */
function replacement(file: VFile, citation: Citation, url: string): string | undefined {
  // A URL whose secrets were redacted is no fix: the editor would write `REDACTED` into the document.
  if (url.includes(REDACTED)) return undefined
  if (!citation.placeIsUrl) return undefined
  // The place counts after a byte order mark, which a file's text given as a string still holds.
  const text = String(file)
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const span = {start: citation.place.start.offset + shift, end: citation.place.end.offset + shift}
  const slot = slotOf(text, span, citation)
  // `.mdx` is what the CLI parses as MDX (src/cli/mdx.ts), where no `<autolink>` can stand in for a bare URL.
  return slot === undefined ? undefined : writeUrl(url, slot, file.extname === '.mdx', text.slice(span.start, span.end))
}

/** How the URL is written, as src/fix/locate.ts decides; read from the text only for a link or definition. */
function slotOf(text: string, span: {start: number; end: number}, citation: Citation): Slot | undefined {
  switch (citation.kind) {
    case 'autolink':
    case 'literal':
      return citation.kind
    case 'link':
    case 'definition':
      return angled(text, span) ? 'angled' : 'destination'
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
const gapsByTree = new WeakMap<Root, Gaps>()

/** Half-open ranges unified-message-control drops messages in (its `detectGaps`). */
type Gaps = Array<[number, number]>

function gapsOf(tree: Root): Gaps {
  let gaps = gapsByTree.get(tree)
  if (gaps === undefined) gapsByTree.set(tree, (gaps = walkGaps(tree)))
  return gaps
}

/**
 * unified-message-control's gap finder, step for step: a node without a position opens a gap up to the next
 * offset seen, and the stretch after the last one up to the tree's end is one. The walk is the project's own:
 * `unist-util-visit` renamed a function per node (for its debug names), 84 ms of a warm run of the large
 * benchmark, where this walk takes a few.
 */
function walkGaps(tree: Root): Gaps {
  const gaps: Gaps = []
  let offset = 0
  let gap = false
  const update = (latest: number | undefined) => {
    if (latest === undefined) gap = true
    else if (offset < latest) {
      if (gap) gaps.push([offset, latest])
      gap = false
      offset = latest
    }
  }
  traverse(tree, undefined, (node) => {
    update(node.position?.start.offset)
    if (!('children' in node)) update(node.position?.end.offset)
  })
  const end = tree.position?.end.offset
  if (end !== undefined && offset !== end) {
    update(undefined)
    update(end)
  }
  return gaps
}
