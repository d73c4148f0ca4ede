// A document nested thousands of levels deep (blockquotes, lists) overflows the stack of remark's own
// tree walkers (remark-gfm's among them): the engine reports that as an internal failure, a stack trace
// with exit 3. It is the document's shape, not a crash: said so, once, as a file that could not be checked.

import type {VFile} from 'vfile'
import {causes, type Message} from './outcome.js'

export const tooDeepReason =
  'Cannot check this file: its blockquotes, lists or other blocks nest too deeply for the Markdown parser (thousands of levels)'

/** Replaces, in place, a stack overflow's message by one about the document, at its start. */
export function explainTooDeep(file: VFile): VFile {
  const index = file.messages.findIndex(isStackOverflow)
  if (index === -1) return file
  file.messages.splice(index, 1)
  const message = file.message(tooDeepReason, {place: {line: 1, column: 1}, source: 'remark-lint-citations'})
  message.fatal = true
  return file
}

function isStackOverflow(message: Message): boolean {
  return message.cause instanceof Error && causes(message.cause).some((error) => error instanceof RangeError && /call stack/i.test(error.message))
}
