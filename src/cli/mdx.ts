// MDX and Markdown in one run: a parser that reads `.mdx` files with remark-mdx and every other file as it was.
//
// unified-engine makes one processor per file from the config of its folder, not of its extension, so a
// config cannot say "remark-mdx for `.mdx` only". This plugin wraps the parser instead: it sees the file,
// and for `.mdx` it parses with a copy of the processor's syntax extensions plus remark-mdx's. One run, one
// report, one exit code; the user's config and `.remarkignore` apply to both kinds alike.

import {createRequire} from 'node:module'
import type {Root} from 'mdast'
import type remarkMdxType from 'remark-mdx'
import remarkParse from 'remark-parse'
import {unified, type Data, type Processor} from 'unified'
import type {VFile} from 'vfile'
import {location} from 'vfile-location'
import {sourceText} from '../extract/source-text.js'
import {isPlacedInDocument, type Message} from './outcome.js'

type RemarkMdx = typeof remarkMdxType
type Parse = (document: string, file: VFile) => Root
type Compile = (tree: Root, file: VFile) => string

/** File extensions parsed as MDX. */
export const mdxExtensions: ReadonlySet<string> = new Set(['.mdx'])

/**
 * remark-mdx, loaded at the first `.mdx` file with `require`, which loads an ES module from Node 20.19 on: a run
 * without MDX files does not load its 40 modules (45 ms of the bin's start). Before 20.19, it loads with this module.
 */
const early: RemarkMdx | undefined = process.features.require_module ? undefined : (await import('remark-mdx')).default
const loadRemarkMdx = (): RemarkMdx => early ?? (createRequire(import.meta.url)('remark-mdx') as {default: RemarkMdx}).default

export default function remarkMdxByExtension(this: Processor) {
  const self = this
  const markdown = self.parser as Parse | undefined
  if (!markdown) return
  /**
   * The processor for `.mdx` files, made at the first (once every plugin has added its extensions, remark-gfm's
   * among them); null when the config uses remark-mdx already, so every file is read as MDX.
   */
  let mdx: Processor<Root> | null | undefined
  const mdxFor = (file: VFile): Processor<Root> | null =>
    mdxExtensions.has(file.extname ?? '') ? (mdx === undefined ? (mdx = mdxProcessor(self)) : mdx) : null
  self.parser = (document: string, file: VFile) => {
    try {
      return mdxFor(file)?.parse(file) ?? markdown(document, file)
    } catch (error) {
      throw asFileMessage(error, sourceText(document), file)
    }
  }
  // The editor server formats documents. remark-stringify reads the processor's serializer extensions at each
  // call: for an MDX tree, MDX's are among them for that call (its JSX and expressions were unknown nodes).
  const compile = self.compiler as Compile | undefined
  if (!compile) return
  const wrapped: Compile = (tree, file) => {
    const processor = mdxFor(file)
    if (!processor) return compile(tree, file)
    const data = self.data()
    const own = data.toMarkdownExtensions
    data.toMarkdownExtensions = processor.data().toMarkdownExtensions
    try {
      return compile(tree, file)
    } finally {
      data.toMarkdownExtensions = own
    }
  }
  self.compiler = wrapped as Processor['compiler']
}

/**
 * A parser's positioned error as the file's own fatal message: remark's report then shows its place and reason
 * (`3:1 error Unexpected …`), where the engine would wrap it as an unplaced `Cannot process file`.
 */
function asFileMessage(error: unknown, document: string, file: VFile): unknown {
  if (!(error instanceof Error)) return error
  const stop = error as Message
  if (isPlacedInDocument(error)) return stopMessage(file, stop.reason, stop.place, stop)
  // An element still open at the document's end (`<br>` on a line of its own): mdast-util-mdx-jsx names the
  // opening tag in its reason but gives no place, which read as a crash (exit 3) and left the file out of the
  // reports' unchecked files. The parser stopped at the end, so the message goes there.
  if (!isParserMessage(stop)) return error
  const end = location(document).toPoint(document.length)
  return stopMessage(file, `${stop.reason} before the end of the document`, end, stop)
}

function stopMessage(file: VFile, reason: string, place: Message['place'], stop: Message): Message {
  const message = file.message(reason, {place, ruleId: stop.ruleId, source: stop.source})
  message.fatal = true
  message.url = stop.url
  return message
}

/** A vfile-message from the parser's own code, which names itself and the check that failed. */
function isParserMessage(error: Message): boolean {
  return typeof error.reason === 'string' && typeof error.source === 'string' && typeof error.ruleId === 'string'
}

/** A processor with `self`'s settings and syntax extensions, and MDX's; `self` is left as it was. */
function mdxProcessor(self: Processor): Processor<Root> | null {
  const remarkMdx = loadRemarkMdx()
  if (self.attachers.some(([plugin]) => plugin === remarkMdx)) return null
  const data = self.data()
  const copy: Data = {
    ...data,
    micromarkExtensions: [...(data.micromarkExtensions ?? [])],
    fromMarkdownExtensions: [...(data.fromMarkdownExtensions ?? [])],
    toMarkdownExtensions: [...(data.toMarkdownExtensions ?? [])]
  }
  return unified().data(copy).use(remarkParse).use(remarkMdx).freeze() as unknown as Processor<Root>
}
