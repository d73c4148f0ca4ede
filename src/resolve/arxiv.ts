// The arXiv API `GET /api/query?id_list=<id>`: an Atom feed with one `<entry>` per paper (`id`, `title` with line
// breaks, `published`, `arxiv:doi`, `arxiv:comment`, …). An unknown id gives a feed without entries; a malformed one an
// entry titled `Error` whose id points at `…/api/errors#…`. Read as XML with htmlparser2, never with regexes.

import {DomUtils, parseDocument} from 'htmlparser2'
import type {Element} from '../page/dom.js'
import {collapse} from '../page/text.js'
import {isoDate} from './fields.js'
import {parseArxivId, parseDoi, type ArxivId} from './identifiers.js'
import {missing, titleSignal, unparseable, withTitleSignal, type Notice, type Parsed, type WorkMetadata} from './metadata.js'
import {plainTex} from './tex.js'

/** `id` picks the entry for that paper (without version) when the feed holds several. */
export function parseArxivAtom(xml: string, id?: string): Parsed<WorkMetadata> {
  const document = parseDocument(xml, {xmlMode: true, decodeEntities: true})
  const feed = DomUtils.findOne((element) => localName(element) === 'feed', document.children, true)
  if (feed === null) return unparseable('not an Atom feed')
  const entries = DomUtils.getChildren(feed).filter((node): node is Element => DomUtils.isTag(node) && localName(node) === 'entry')
  const papers = entries.map((entry) => ({entry, identifier: arxivIdentifier(child(entry, 'id'))}))
  const wanted = id === undefined ? undefined : parseArxivId(id)
  const paper = papers.find((item) => wanted !== undefined && item.identifier?.id === wanted.id) ?? papers[0]
  if (paper === undefined) return missing('arXiv has no paper with this id')
  const title = child(paper.entry, 'title')
  if (/\/api\/errors\b/.test(child(paper.entry, 'id') ?? '') || title === 'Error') {
    return missing(`arXiv: ${child(paper.entry, 'summary') ?? 'incorrect id'}`)
  }
  if (paper.identifier === undefined) return unparseable('an entry without an arXiv id')
  const signal = title === undefined ? {title: undefined, notice: undefined} : titleSignal(title)
  // Shown and compared as rendered; as written too, for a title copied with its TeX.
  const rendered = signal.title === undefined ? undefined : plainTex(signal.title)
  const issued = isoDate(child(paper.entry, 'published'))
  const doi = parseDoi(child(paper.entry, 'doi') ?? '')
  return {
    identifier: paper.identifier,
    title: rendered ?? signal.title,
    ...(rendered === undefined || rendered === signal.title ? {} : {titles: [signal.title!]}),
    type: 'preprint',
    publisher: 'arXiv',
    ...(issued === undefined ? {} : {issued}),
    registry: 'arxiv',
    notices: withTitleSignal(withdrawal(child(paper.entry, 'comment')), signal.notice),
    ...(doi === undefined ? {} : {doi: doi.doi})
  }
}

/** What a withdrawal comment withdraws: the paper itself, not a claim or a section of it. */
const paper = '(?:paper|article|submission|manuscript|preprint|work|note)'

/**
 * The comment of a withdrawn paper: "Withdrawn: …", "This paper has been withdrawn by the author …", "The authors
 * withdraw this submission …". "The claim in Section 4 of v1 has been withdrawn" is a correction.
 */
const withdrawnPaper = new RegExp(
  `^\\s*withdrawn\\b|\\b${paper}\\s+(?:(?:has|have|had)\\s+been|is(?:\\s+being)?|was|being)?\\s*withdrawn\\b|\\bwithdr(?:aw|aws|ew|awn)\\s+(?:this|the|our)\\s+${paper}\\b`,
  'i'
)

/** arXiv withdraws a paper by posting a new version whose comment says so ("This paper has been withdrawn by …"). */
function withdrawal(comment: string | undefined): Notice[] {
  if (comment === undefined || !withdrawnPaper.test(comment)) return []
  return [{kind: 'withdrawal', source: 'arxiv', label: comment}]
}

/** `http://arxiv.org/abs/2509.21361v2` → the id with its version. */
function arxivIdentifier(url: string | undefined): ArxivId | undefined {
  const match = url === undefined ? null : /\/abs\/(.+)$/.exec(url)
  return match === null ? undefined : parseArxivId(match[1]!)
}

/** Text of the first direct child with this local name (`doi` matches `arxiv:doi`), whitespace collapsed. */
function child(element: Element, name: string): string | undefined {
  const found = DomUtils.getChildren(element).find((node): node is Element => DomUtils.isTag(node) && localName(node) === name)
  const value = found === undefined ? '' : collapse(DomUtils.textContent(found))
  return value === '' ? undefined : value
}

function localName(element: Element): string {
  return element.name.replace(/^.*:/, '')
}
