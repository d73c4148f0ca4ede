// Bare http(s) URLs in prose: where each starts and where it really ends.

/**
 * What a URL in prose goes on through: not CJK punctuation, which a URL never holds unencoded, and Japanese or
 * Chinese text runs on after without a space (`（https://a.jp）です`).
 */
const URL_CHAR = String.raw`[^\s<>"\x60\u3001\u3002\u300C-\u300F\u3010\u3011\uFF08\uFF09\uFF0C]`
/**
 * A run that starts like a URL and is not glued to a preceding ASCII letter (`xhttps://`), as GFM links one: after
 * Chinese or Japanese text, written without a space (`详见https://a.cn`), it is a URL.
 */
const CANDIDATE = new RegExp(String.raw`(?<![a-z])https?:\/\/${URL_CHAR}+`, 'giu')
/** As far as a URL may go on. */
const URL_RUN = new RegExp(`^${URL_CHAR}*`, 'u')

/**
 * Punctuation that ends a sentence rather than a URL, and the delimiters GFM leaves out of a literal's end: without
 * remark-gfm, `~~https://a.example/x~~` is struck through on GitHub, not a URL ending in `~~`.
 */
const TRAILING = new Set([
  ...'.,;:!?\'"*_~',
  ...'\u2019\u201D\u2026\u3002\uFF0C\u3001\uFF1B\uFF1A\uFF01\uFF1F\u300D\u300F\u300B\uFF09'
])

/**
 * Closing brackets kept only when balanced inside the URL (`Foo_(bar)`). Closing quotes as French, German and
 * Scandinavian writers close them too (`«https://a.fr/x»`, `„https://a.de/x“`, `»https://a.dk/x«`, `‚…‘`, `‹…›`):
 * a URL ends in one only when it holds the quote's opening too, as a page title written unencoded does
 * (`https://ru.wikipedia.org/wiki/План_«Барбаросса»`).
 */
const PAIRS: Record<string, string> = {
  ')': '(',
  ']': '[',
  '}': '{',
  '\u00BB': '\u00AB',
  '\u00AB': '\u00BB',
  '\u203A': '\u2039',
  '\u2039': '\u203A',
  '\u201C': '\u201E',
  '\u2018': '\u201A'
}

export interface Span {
  start: number
  end: number
}

/**
 * Whether inline math is open where a URL starts: the run of `$` of a span left open before the text (see
 * `openMath`), or asked of each URL's start when the text's block knows better (see `math.ts`).
 */
export type MathAt = number | ((start: number) => boolean)

/** Bare URLs in `text`, as half-open index ranges into it. */
export function findBareUrls(text: string, math: MathAt = 0): Span[] {
  return scanBareUrls(text, math).urls.flatMap(({start, end}) => (hasHost(text.slice(start, end)) ? [{start, end}] : []))
}

/**
 * Every run of `text` that starts like a URL, as cut, with whether inline math is open where it starts, and the
 * math left open at the end. `markdown`: `text` is Markdown as written, where `\$` is a dollar (see `openMath`).
 */
export function scanBareUrls(text: string, math: MathAt, markdown = false): {urls: Array<Span & {inMath: boolean}>; open: number} {
  const urls: Array<Span & {inMath: boolean}> = []
  let open = typeof math === 'number' ? math : 0
  // Nine text nodes in ten hold no URL: a plain search rules them out in a third of the Unicode pattern's time.
  if (!text.includes('://')) return {urls, open: openMath(text, open, markdown)}
  let read = 0
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index
    open = openMath(text.slice(read, start), open, markdown)
    const inMath = typeof math === 'number' ? open > 0 : math(start)
    // A `$` the URL keeps is its own, not math's; one trimmed off is read with the text after it.
    read = start + trimUrl(match[0], inMath).length
    urls.push({start, end: read, inMath})
  }
  return {urls, open: openMath(text.slice(read), open, markdown)}
}

/**
 * The length of the run of `$` that opens an inline math span still open at the end of `text` (0: none), as
 * remark-math reads them: a run closes the span the same run opened. Without remark-math, `$https://a.com/m$`
 * is text, and the closing `$` is the math's, not the URL's, as an unbalanced `)` is the sentence's. In Markdown
 * as written (`markdown`), a backslash escapes what follows it outside math (`\$5` is five dollars), and nothing
 * inside it, where remark-math reads `$a\$` as the math `a\`.
 */
export function openMath(text: string, open = 0, markdown = false): number {
  const dollars = markdown ? /\\[^]|\$+/g : /\$+/g
  for (let match = dollars.exec(text); match; match = dollars.exec(text)) {
    const [run] = match
    if (run.charAt(0) === '\\') {
      // Inside math the backslash is math, and a `$` after it is read next.
      if (open > 0) dollars.lastIndex = match.index + 1
      continue
    }
    if (open === 0) open = run.length
    else if (run.length === open) open = 0
  }
  return open
}

/**
 * How much of a GFM autolink literal (as written: `https://…` or `www.…`) is the URL, by the rules above: GFM
 * ends a literal at ASCII punctuation only, so `“https://a.com/q”` would cite `https://a.com/q”`, and keeps a
 * `$`, so `$https://a.com/m$` would cite `https://a.com/m$`.
 */
export function literalLength(written: string, math = 0): number {
  const scheme = /^https?:\/\//i.test(written) ? '' : 'http://'
  const found = findBareUrls(scheme + written, math)[0]
  return found?.start === 0 ? Math.min(written.length, found.end - scheme.length) : written.length
}

/** How many characters at the start of `text` a URL could go on through, as CANDIDATE reads them. */
export function urlRunLength(text: string): number {
  return URL_RUN.exec(text)?.[0].length ?? 0
}

/** Drop trailing sentence punctuation and unbalanced closing brackets, and inside inline math (`inMath`) its closing `$`. */
export function trimUrl(url: string, inMath = false): string {
  // Most URLs end in neither: nothing to count.
  const final = url.charAt(url.length - 1)
  if (!TRAILING.has(final) && PAIRS[final] === undefined && !(inMath && final === '$')) return url
  // Counts are kept up to date while trimming, so long runs stay linear.
  const counts = new Map<string, number>()
  for (const char of url) counts.set(char, (counts.get(char) ?? 0) + 1)
  let end = url.length
  for (;;) {
    const last = url.charAt(end - 1)
    const open = PAIRS[last]
    const unbalanced =
      open !== undefined && (counts.get(last) ?? 0) > (counts.get(open) ?? 0)
    if (!TRAILING.has(last) && !unbalanced && !(inMath && last === '$')) return url.slice(0, end)
    counts.set(last, (counts.get(last) ?? 1) - 1)
    end--
  }
}

/** `https://` alone, or followed only by a path, is not a URL. */
function hasHost(url: string): boolean {
  const rest = url.slice(url.indexOf('//') + 2)
  return rest.length > 0 && !'/?#'.includes(rest.charAt(0))
}
