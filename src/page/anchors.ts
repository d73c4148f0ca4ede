// Fragment targets: every `id` attribute and `<a name>` value in the document, in order, deduplicated and capped.

import {maxAnchors} from './anchor-limit.js'
import {walk, type Doc} from './dom.js'

export function readAnchors(doc: Doc): string[] {
  const seen = new Set<string>()
  walk(doc, {
    enter(element) {
      // A template's content, declarative shadow roots among it, is not in the document: no fragment reaches it.
      if (element.name === 'template') return 'skip'
      const id = element.attribs.id
      if (id !== undefined && id !== '') seen.add(id)
      const name = element.name === 'a' ? element.attribs.name : undefined
      if (name !== undefined && name !== '') seen.add(name)
      if (seen.size >= maxAnchors) return 'stop'
    }
  })
  return [...seen].slice(0, maxAnchors)
}
