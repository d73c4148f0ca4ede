// MDX and Markdown in one run: a parser that reads `.mdx` files with remark-mdx and every other file as it was.
//
// unified-engine makes one processor per file from the config of its folder, not of its extension, so a
// config cannot say "remark-mdx for `.mdx` only". This plugin wraps the parser instead: it sees the file,
// and for `.mdx` it parses with a copy of the processor's syntax extensions plus remark-mdx's. One run, one
// report, one exit code; the user's config and `.remarkignore` apply to both kinds alike.

import type {Root} from 'mdast'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import {unified, type Data, type Processor} from 'unified'
import type {VFile} from 'vfile'

/** File extensions parsed as MDX. */
export const mdxExtensions: ReadonlySet<string> = new Set(['.mdx'])

export default function remarkMdxByExtension(this: Processor) {
  const self = this
  // A config that uses remark-mdx parses every file as MDX already.
  if (self.attachers.some(([plugin]) => plugin === remarkMdx)) return
  const markdown = self.parser
  if (!markdown) return
  let mdx: Processor<Root> | undefined
  self.parser = (document: string, file: VFile) => {
    if (!mdxExtensions.has(file.extname ?? '')) return markdown(document, file)
    // Made at the first MDX file, once every plugin has added its extensions (remark-gfm's among them).
    mdx ??= mdxProcessor(self.data())
    return mdx.parse(file)
  }
}

/** A parser with `data`'s settings and extensions, and MDX's; `data` itself is left as it was. */
function mdxProcessor(data: Data): Processor<Root> {
  const copy: Data = {
    ...data,
    micromarkExtensions: [...(data.micromarkExtensions ?? [])],
    fromMarkdownExtensions: [...(data.fromMarkdownExtensions ?? [])],
    toMarkdownExtensions: [...(data.toMarkdownExtensions ?? [])]
  }
  return unified().data(copy).use(remarkParse).use(remarkMdx).freeze() as unknown as Processor<Root>
}
