// Whether link text reads like the title of a source, and quoted titles.

/** Link texts that say "a link is here" rather than name the source. */
const GENERIC = new Set([
  'here', 'link', 'this link', 'the link', 'link here', 'this', 'source',
  'sources', 'the source', 'website', 'web site', 'the website', 'site',
  'this site', 'page', 'this page', 'web page', 'webpage', 'home page',
  'homepage', 'article', 'this article', 'the article', 'paper', 'this paper',
  'the paper', 'pdf', 'the pdf', 'read more', 'more', 'learn more', 'more info',
  'click here', 'see', 'see here', 'see more', 'ref', 'reference',
  'references', 'via', 'cite', 'citation', 'full text', 'details', 'docs',
  'documentation', 'blog post', 'post', 'official website', 'original'
])

const URL_TOKEN = /(?:^|\s)(?:[a-z][a-z\d+.-]*:\/\/|www\.)\S/i
const NUMBERED = /^[[(^]*\d+[\])]*$/
const WORDS = new Intl.Segmenter(undefined, {granularity: 'word'})

/** Trim and collapse whitespace. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The text, cleaned, when it names a source; undefined otherwise. */
export function titleFromText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const clean = collapse(text)
  return readsLikeTitle(clean) ? clean : undefined
}

/** Not a URL, not a number like `[1]`, not a generic word; at least 2 words. */
export function readsLikeTitle(text: string): boolean {
  const clean = collapse(text)
  if (clean === '' || URL_TOKEN.test(clean) || NUMBERED.test(clean)) return false
  const bare = collapse(clean.toLowerCase().replace(/[\p{P}\p{S}]+/gu, ' '))
  if (GENERIC.has(bare)) return false
  return wordCount(clean) >= 2
}

/** A title attribute, cleaned; undefined when absent or blank. */
export function titleAttribute(value: string | null | undefined): string | undefined {
  return value ? collapse(value) || undefined : undefined
}

/** The first “curly” or "straight" quoted phrase in a text, e.g. a footnote. */
export function quotedTitle(text: string): string | undefined {
  const match = /\u201C([^\u201D]+)\u201D|"([^"]+)"/.exec(text)
  const quoted = match?.[1] ?? match?.[2]
  return quoted === undefined ? undefined : collapse(quoted) || undefined
}

/** Words in the text's start (V8 copies the input into every segment: keep it short). */
function wordCount(text: string): number {
  let count = 0
  for (const segment of WORDS.segment(text.slice(0, 200))) {
    if (segment.isWordLike && ++count >= 2) return count
  }
  return count
}
