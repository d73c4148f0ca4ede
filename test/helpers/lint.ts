// Lint Markdown the way `remark` does with the preset: messages as strings, like the docs show.

import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {VFile} from 'vfile'
import recommended, {configure, type Options} from '../../rules/index.js'

/** No persistent cache unless a test asks for one: runs must not depend on earlier runs. */
export async function lint(markdown: string, options: Options, path = 'doc.md'): Promise<{messages: string[]; file: VFile}> {
  const file = new VFile({path, value: markdown})
  const processor = unified().use(remarkParse).use(remarkGfm).use(recommended).use(configure, {cache: false, ...options}).use(remarkStringify)
  await processor.process(file)
  // `String(message)` starts with the path; the tests read like the docs, from the position on.
  const messages = file.messages.map((message) => `${String(message).slice(path.length + 1)} [${message.ruleId}${message.fatal ? ', error' : ''}]`)
  return {messages, file}
}
