// Front matter read as Markdown: where a YAML (`---`) or TOML (`+++`) block at the top of a file ends.

/**
 * A front matter block as remark-frontmatter reads one: a fence line at the very start, then up to the first line
 * that is the same fence. Without that plugin (`remark` with the preset alone) it parses as a thematic break and a
 * setext heading, and its settings (`image:`, `canonical_url:`, an author's `url:`) would be cited.
 */
const FRONT_MATTER = /^(-{3}|\+{3})[ \t]*\r?\n(?:([^]*?)\r?\n)?\1[ \t]*(?=\r?\n|$)/

/**
 * A block's first setting, as site generators need one (they read front matter as a mapping): a YAML key
 * (`title: Intro`), a TOML key or table (`title = "Intro"`, `[params]`). Without one, a file that opens with a
 * thematic break (`---`, prose, `---`) is prose, and its citations count.
 */
const SETTING = {'---': /^[^\s:][^:]*:(?:\s|$)/, '+++': /^(?:\[|[^\s=][^=]*=)/}

/** The offset where the file's front matter ends; 0 when it has none. */
export function frontMatterEnd(source: string): number {
  const match = FRONT_MATTER.exec(source)
  if (match === null) return 0
  // The first line that is not blank or a comment (`#` in both) says what the block is; an empty one has nothing to cite.
  const first = (match[2] ?? '').split(/\r?\n/).find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
  return first === undefined || SETTING[match[1] as '---' | '+++'].test(first) ? match[0].length : 0
}

/** Whether a node lies wholly inside the front matter ending at `end` (see `frontMatterEnd`). */
export function inFrontMatter(node: {position?: {end: {offset?: number | undefined}} | undefined}, end: number): boolean {
  const last = node.position?.end.offset
  return end > 0 && last !== undefined && last <= end
}
