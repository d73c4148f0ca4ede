// Lint Markdown the way `remark` does with the preset: messages as strings, like the docs show.

import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import {unified, type Pluggable} from 'unified'
import {VFile} from 'vfile'
import recommended, {
  citationClaimSupport,
  citationConflictOfInterest,
  citationCredibility,
  citationFragment,
  citationSoft404,
  citationTitleMatch,
  configure,
  type Options
} from '../../rules/index.js'

/** No persistent cache unless a test asks for one: runs must not depend on earlier runs. */
export async function lint(
  markdown: string,
  options: Options,
  path = 'doc.md',
  extra: Pluggable[] = []
): Promise<{messages: string[]; file: VFile}> {
  const file = new VFile({path, value: markdown})
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(recommended)
    .use(configure, {cache: false, ...options})
    .use(extra)
    .use(remarkStringify)
  await processor.process(file)
  // `String(message)` starts with the path; the tests read like the docs, from the position on.
  const messages = file.messages.map((message) => `${String(message).slice(path.length + 1)} [${message.ruleId}${message.fatal ? ', error' : ''}]`)
  return {messages, file}
}

/** The rules that judge a source beyond "does it answer", turned off. */
const judgmentsOff: Pluggable[] = [
  citationSoft404,
  citationFragment,
  citationTitleMatch,
  citationConflictOfInterest,
  citationCredibility,
  citationClaimSupport
].map((rule) => [rule, false])

/** The preset with the liveness rules only: for tests about fetching, caching and liveness. */
export function lintLiveness(markdown: string, options: Options, path = 'doc.md') {
  return lint(markdown, options, path, judgmentsOff)
}
