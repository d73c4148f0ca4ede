// Front matter read as Markdown: where a YAML (`---`) or TOML (`+++`) block at the top of a file ends.

/**
 * A front matter block as remark-frontmatter reads one: a fence line at the very start, then up to the first line
 * that is the same fence. Without that plugin (`remark` with the preset alone) it parses as a thematic break and a
 * setext heading, and its settings (`image:`, `canonical_url:`, an author's `url:`) would be cited.
 */
const FRONT_MATTER = /^(-{3}|\+{3})[ \t]*\r?\n(?:[^]*?\r?\n)?\1[ \t]*(?=\r?\n|$)/

/** The offset where the file's front matter ends; 0 when it has none. */
export function frontMatterEnd(source: string): number {
  return FRONT_MATTER.exec(source)?.[0].length ?? 0
}

/** Whether a node lies wholly inside the front matter ending at `end` (see `frontMatterEnd`). */
export function inFrontMatter(node: {position?: {end: {offset?: number | undefined}} | undefined}, end: number): boolean {
  const last = node.position?.end.offset
  return end > 0 && last !== undefined && last <= end
}
