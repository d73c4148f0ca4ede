// How every entry reads a document, whatever processor it starts from: the bin and the library through
// unified-engine, the editor server through unified-language-server. One list, so the editor underlines what
// `remark-lint-citations` in a terminal reports.

import remarkFrontmatter from 'remark-frontmatter'
import type {PluggableList} from 'unified'
import remarkMdxByExtension from './mdx.js'

/**
 * `.mdx` files as MDX (their `{/* lint ignore *\/}` comments apply, JSX is not text), and front matter (YAML or
 * TOML) as the page's settings, not its text: its URLs (a canonical link, a cover image) are not citations, and
 * read as Markdown it became a heading.
 */
export const syntaxPlugins: PluggableList = [remarkMdxByExtension, [remarkFrontmatter, ['yaml', 'toml']]]
