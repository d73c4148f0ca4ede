// The registries' type vocabularies (Crossref, CSL, DataCite `resourceTypeGeneral`) folded into one short list: what
// credibility needs to tell a peer-reviewed article from a preprint or a dataset.

import type {WorkType} from './metadata.js'

const types = new Map<string, WorkType>(Object.entries({
  // Crossref
  'journal-article': 'journal-article',
  'proceedings-article': 'proceedings',
  proceedings: 'proceedings',
  'proceedings-series': 'proceedings',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  'book-set': 'book',
  'book-series': 'book',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  'reference-entry': 'chapter',
  dataset: 'dataset',
  database: 'dataset',
  // Crossref's preprints, working papers and the like, whatever the subtype (often none)
  'posted-content': 'preprint',
  // CSL
  'article-journal': 'journal-article',
  'paper-conference': 'proceedings',
  chapter: 'chapter',
  // CSL `article`: "preprints, working papers … posted on a platform such as arXiv" (CSL 1.0.2).
  article: 'preprint',
  manuscript: 'preprint',
  // DataCite resourceTypeGeneral (lower-cased)
  journalarticle: 'journal-article',
  preprint: 'preprint',
  conferencepaper: 'proceedings',
  conferenceproceeding: 'proceedings',
  bookchapter: 'chapter'
}) as Array<[string, WorkType]>)

/** `subtype` is Crossref's, e.g. `posted-content` with subtype `preprint` (or none, or `working_paper`). */
export function workType(type: unknown, subtype?: unknown): WorkType {
  if (subtype === 'preprint') return 'preprint'
  if (typeof type !== 'string') return 'other'
  return types.get(type.trim().toLowerCase()) ?? 'other'
}
