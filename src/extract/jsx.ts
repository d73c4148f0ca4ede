// MDX JSX elements with URL attributes, such as <a href> or a configured <Cite href>.

import type {Node} from 'unist'
import type {Span} from './bare-urls.js'
import {emit, spanOf, type Context, type Scope} from './context.js'
import {plainText} from './plain-text.js'
import {withoutSpaces} from './url-range.js'

/** The parts of mdast-util-mdx-jsx nodes this module reads. */
interface JsxAttribute extends Node {
  type: 'mdxJsxAttribute'
  name: string
  value?: unknown
}

interface JsxElement extends Node {
  name: string | null
  attributes: Node[]
  children: Node[]
}

export const JSX_TYPES = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement'])

/** Cite the element's configured attributes; true when it names any. */
export function citeJsx(node: Node, scope: Scope, context: Context): boolean {
  const element = node as JsxElement
  const {jsxAttributes} = context.options
  // `hasOwn`: an element named `constructor` must not find Object's.
  const names =
    element.name !== null && Object.hasOwn(jsxAttributes, element.name)
      ? jsxAttributes[element.name]
      : undefined
  const range = spanOf(node)
  if (!names || !range) return false
  const attributes = element.attributes.filter(isStringAttribute)
  const title = attributes.find((attribute) => attribute.name === 'title')?.value as
    | string
    | undefined
  const text = plainText(node).text
  for (const attribute of attributes) {
    if (!names.includes(attribute.name)) continue
    // Browsers ignore spaces around an href, as for raw HTML.
    const value = (attribute.value as string).trim()
    const located = valueSpan(context.source, attribute, value)
    emit(context, {
      kind: 'jsx',
      url: value,
      span: located ?? range,
      placeIsUrl: located !== undefined,
      title,
      text,
      claim: {node, offset: 0, own: text},
      scope
    })
  }
  return true
}

/** Expression values (`href={x}`) are program, not citations. */
function isStringAttribute(node: Node): node is JsxAttribute {
  return node.type === 'mdxJsxAttribute' && typeof (node as JsxAttribute).value === 'string'
}

/** The characters between the quotes of `name="value"`, without the spaces at their ends. */
function valueSpan(source: string, attribute: Node, value: string): Span | undefined {
  const range = spanOf(attribute)
  if (!range) return undefined
  const raw = source.slice(range.start, range.end)
  const match = /=\s*(["'])/.exec(raw)
  const quote = match?.[1]
  if (!match || !quote) return undefined
  const start = range.start + match.index + match[0].length
  const end = source.lastIndexOf(quote, range.end - 1)
  if (end < start) return undefined
  const span = withoutSpaces(source, {start, end})
  // Decoded references make the value shorter than its source; both are fine.
  return value.length <= span.end - span.start ? span : undefined
}
