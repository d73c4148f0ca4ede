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
import {isPlacedInDocument, type Message} from './outcome.js'

type RemarkMdx = typeof remarkMdxType
type Parse = (document: string, file: VFile) => Root

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
  /** The parser for `.mdx` files, made at the first: the processor's own when its config uses remark-mdx already. */
  let mdx: Parse | undefined
  const parse: Parse = (document, file) => {
    if (!mdxExtensions.has(file.extname ?? '')) return markdown(document, file)
    // Made once every plugin has added its extensions (remark-gfm's among them).
    mdx ??= mdxParser(self, markdown)
    return mdx(document, file)
  }
  self.parser = (document: string, file: VFile) => {
    try {
      return parse(document, file)
    } catch (error) {
      throw asFileMessage(error, file)
    }
  }
}

/**
 * A parser's positioned error as the file's own fatal message: remark's report then shows its place and reason
 * (`3:1 error Unexpected …`), where the engine would wrap it as an unplaced `Cannot process file`.
 */
function asFileMessage(error: unknown, file: VFile): unknown {
  if (!(error instanceof Error) || !isPlacedInDocument(error)) return error
  const stop = error as Message
  const message = file.message(stop.reason, {place: stop.place, ruleId: stop.ruleId, source: stop.source})
  message.fatal = true
  message.url = stop.url
  return message
}

function mdxParser(self: Processor, markdown: Parse): Parse {
  const remarkMdx = loadRemarkMdx()
  // A config that uses remark-mdx parses every file as MDX already.
  if (self.attachers.some(([plugin]) => plugin === remarkMdx)) return markdown
  const processor = mdxProcessor(self.data(), remarkMdx)
  return (_document, file) => processor.parse(file)
}

/** A parser with `data`'s settings and extensions, and MDX's; `data` itself is left as it was. */
function mdxProcessor(data: Data, remarkMdx: RemarkMdx): Processor<Root> {
  const copy: Data = {
    ...data,
    micromarkExtensions: [...(data.micromarkExtensions ?? [])],
    fromMarkdownExtensions: [...(data.fromMarkdownExtensions ?? [])],
    toMarkdownExtensions: [...(data.toMarkdownExtensions ?? [])]
  }
  return unified().data(copy).use(remarkParse).use(remarkMdx).freeze() as unknown as Processor<Root>
}
