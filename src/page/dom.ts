// Parses HTML into a forgiving DOM (htmlparser2) and walks it without recursion, so deep junk cannot overflow the stack.

import {DomUtils, parseDocument} from 'htmlparser2'
import {inline} from './inline.js'
import {capNesting} from './nesting.js'

export type Doc = ReturnType<typeof parseDocument>
export type Node = Doc['children'][number]
export type Element = Parameters<typeof DomUtils.getAttributeValue>[0]

/** Parse forgivingly; nesting is capped first so that pathological documents stay linear (see nesting.ts). */
export function parseHtml(html: string): Doc {
  return parseDocument(capNesting(html), {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true})
}

/** What `enter` may answer: descend (undefined), skip the element's children, or stop the whole walk. */
export type Step = 'skip' | 'stop' | undefined | void

export interface Visitor {
  enter?(element: Element): Step
  /** Called after the children of an element that was entered without `skip`. */
  exit?(element: Element): void
  text?(data: string): Step
}

export function walk(root: {children: Node[]}, visitor: Visitor): void {
  const stack: Array<{children: Node[]; index: number; element: Element | undefined}> = [
    {children: root.children, index: 0, element: undefined}
  ]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    const node = frame.children[frame.index++]
    if (node === undefined) {
      stack.pop()
      if (frame.element !== undefined) visitor.exit?.(frame.element)
      continue
    }
    if (DomUtils.isTag(node)) {
      const step = visitor.enter?.(node)
      if (step === 'stop') return
      if (step !== 'skip') stack.push({children: node.children, index: 0, element: node})
    } else if (DomUtils.isText(node) || DomUtils.isCDATA(node)) {
      const data = DomUtils.isText(node) ? node.data : DomUtils.textContent(node)
      if (visitor.text?.(data) === 'stop') return
    }
  }
}

/** Elements whose text never shows. */
const invisible = new Set(['script', 'style', 'template', 'noscript', 'head', 'select', 'option', 'textarea', 'iframe', 'object', 'canvas'])

/**
 * The readable text of an element (script and style left out), whitespace not yet collapsed; reading stops once
 * about `maxChars` characters are collected.
 */
export function textOf(element: {children: Node[]}, maxChars = Number.POSITIVE_INFINITY): string {
  const parts: string[] = []
  let length = 0
  walk(element, {
    enter(child) {
      if (invisible.has(child.name)) return 'skip'
      if (!inline.has(child.name)) parts.push(' ')
    },
    exit(child) {
      if (!inline.has(child.name)) parts.push(' ')
    },
    text(data) {
      parts.push(data)
      length += data.length
      return length > maxChars ? 'stop' : undefined
    }
  })
  return parts.join('')
}

/** The raw text inside an element (for <script> and <title>): its text children joined. */
export function rawText(element: Element): string {
  return element.children.map((child) => (DomUtils.isText(child) ? child.data : '')).join('')
}

export function attr(element: Element, name: string): string | undefined {
  return element.attribs[name]
}

/** `hidden`, or an inline style that hides the element. */
export function isHidden(element: Element): boolean {
  if (element.attribs.hidden !== undefined) return true
  const style = element.attribs.style
  return style !== undefined && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)
}
