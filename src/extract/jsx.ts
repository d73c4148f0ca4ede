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

/** An expression attribute value (`href={…}`) and the part of its estree program read here. */
interface JsxExpressionValue {
  type: 'mdxJsxAttributeValueExpression'
  data?: {estree?: {body: Array<{type: string; expression?: Expression}>}}
}

/** A string literal or a template literal: their offsets are the source's, quotes included. */
interface Expression {
  type: string
  start: number
  end: number
  value?: unknown
  expressions?: unknown[]
  quasis?: Array<{value: {cooked?: string | null}}>
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
  const attributes = element.attributes.flatMap((attribute) => {
    const written = writtenValue(attribute, context.source)
    return written ? [{name: (attribute as JsxAttribute).name, ...written}] : []
  })
  const title = attributes.find((attribute) => attribute.name === 'title')?.value
  const text = plainText(node).text
  for (const {name, value, located} of attributes) {
    if (!names.includes(name)) continue
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

/**
 * An attribute's string value, without the spaces browsers ignore around an href, and where its characters are when
 * known. An expression value (`href={url}`) is program, not a citation, unless it is only a string: `href={"https://…"}`
 * and `` href={`https://…`} `` link that URL as `href="https://…"` does.
 */
function writtenValue(node: Node, source: string): {value: string; located: Span | undefined} | undefined {
  if (node.type !== 'mdxJsxAttribute') return undefined
  const written = (node as JsxAttribute).value
  if (typeof written === 'string') {
    const value = written.trim()
    return {value, located: valueSpan(source, node, value)}
  }
  const literal = stringExpression(written as JsxExpressionValue | null | undefined)
  if (literal === undefined) return undefined
  const value = literal.value.trim()
  const span = withoutSpaces(source, {start: literal.start + 1, end: literal.end - 1})
  // A JavaScript escape (`\u002F`) makes the value differ from its source: the attribute is the place then.
  return {value, located: source.slice(span.start, span.end) === value ? span : undefined}
}

/** The string an expression value is, when it is a single string or template literal without substitutions. */
function stringExpression(written: JsxExpressionValue | null | undefined): {value: string; start: number; end: number} | undefined {
  const body = written?.type === 'mdxJsxAttributeValueExpression' ? written.data?.estree?.body : undefined
  const expression = body?.length === 1 && body[0]?.type === 'ExpressionStatement' ? body[0].expression : undefined
  if (expression === undefined) return undefined
  const {start, end} = expression
  if (expression.type === 'Literal' && typeof expression.value === 'string') return {value: expression.value, start, end}
  const cooked = expression.type === 'TemplateLiteral' && expression.expressions?.length === 0 ? expression.quasis?.[0]?.value.cooked : undefined
  return typeof cooked === 'string' ? {value: cooked, start, end} : undefined
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
