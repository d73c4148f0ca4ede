// Status badges: a README's row of images linking a project's CI, package or licence page, which cite no source.

import type {Image, ImageReference, Text} from 'mdast'
import type {Node} from 'unist'
import type {Context} from './context.js'
import {childrenOf} from './traverse.js'

/** A status badge's image: a badge service's, or one its address calls a badge (`…/workflows/ci.yml/badge.svg`). */
export const BADGE_IMAGE = /^https?:\/\/(?:img\.shields\.io|badgen\.net|flat\.badgen\.net)\/|badge/i

/**
 * A link that shows only badge images, as a README's badge row does (`[![CI](…/badge.svg)](…/actions)`): it cites no
 * source. An image link of another picture (an icon standing for its source, after a claim) still cites.
 */
export function isBadge(node: Node, definitions: Context['definitions']): boolean {
  const children = childrenOf(node)
  const images = children.filter((child) => child.type === 'image' || child.type === 'imageReference')
  const shown = (image: Node): string | undefined =>
    image.type === 'image' ? (image as Image).url : definitions.get((image as ImageReference).identifier)?.url
  return (
    images.length > 0 &&
    images.every((image) => BADGE_IMAGE.test(shown(image) ?? '')) &&
    children.every((child) => images.includes(child) || (child.type === 'text' && !/\S/.test((child as Text).value)))
  )
}
