// Whether link text reads like the title of a source, and quoted titles.

import {collapse} from '../page/text.js'
import {wordSegmenter} from '../segmenters.js'

/**
 * Words that only point at a source or say what kind of thing it is: link text made of these alone, with reference
 * numbers (`Source 1`, `Ref. 2`, `Sources 1-3`), names no title: `Full article`, `Read the full article`, `This study
 * (PDF)`, `Link to source`, `Archived copy`. Compared word by word, in English; other languages by whole phrases below.
 */
const POINTING = new Set(
  ('a an the this that it its to of on in for from at via here there see cf click tap read learn more view open visit ' +
    'go watch download link links source sources ref refs reference references cite citation citations footnote note ' +
    'notes fig figure full text original archived archive cached copy version snapshot online pdf web website ' +
    'site webpage page pages home homepage article articles paper post blog docs documentation study report survey ' +
    'video details info official').split(' ')
)

/** A reference number in link text: `1` of `Source 1`, `[12]`, `1-3`. */
const REFERENCE_NUMBER = /^\d{1,3}$/

/** Link texts in other languages that say "a link is here" rather than name the source. */
const GENERIC = new Set([
  // As `readsLikeTitle` compares them (lower case, punctuation as spaces). Only those that reach the title rule
  // matter: two words or more, capitalised or in a script without case.
  'cet article', 'l article', 'cette page', 'ce lien', 'le lien', 'la source', 'en savoir plus', 'lire la suite',
  'cliquez ici', 'voir ici', 'site officiel', 'le site officiel', 'le site',
  'hier klicken', 'dieser artikel', 'diesen artikel', 'der artikel', 'diese seite', 'mehr erfahren', 'mehr dazu',
  'zum artikel', 'zur quelle', 'offizielle website', 'offizielle webseite',
  'este artículo', 'el artículo', 'esta página', 'este enlace', 'el enlace', 'la fuente', 'más información', 'leer más',
  'haz clic aquí', 'sitio oficial', 'sitio web', 'este artigo', 'o artigo', 'saiba mais', 'leia mais',
  'clique aqui', 'questo articolo', 'l articolo', 'questa pagina', 'leggi di più', 'clicca qui', 'sito ufficiale',
  'dit artikel', 'deze pagina', 'lees meer', 'klik hier',
  'эта статья', 'эту статью', 'по ссылке', 'читать далее', 'официальный сайт',
  '原文链接', '原文連結', '链接', '出处', '官网', '官網', '官方网站', '官方網站', '点击这里', '點擊這裡', '阅读更多',
  '閱讀更多', '阅读原文', '閱讀原文', '官方文档', '官方文件', '这篇论文', '這篇論文',
  'こちらの記事', 'この記事', '元記事', '公式サイト', '公式ドキュメント', '詳しくはこちら', '続きを読む', 'このページ',
  'この論文',
  '이 기사', '이 글', '원문 보기', '공식 사이트', '공식 홈페이지', '자세히 보기', '더 보기', '이 페이지', '공식 문서', '이 논문'
])

const URL_TOKEN = /(?:^|\s)(?:[a-z][a-z\d+.-]*:\/\/|www\.)\S/i
const NUMBERED = /^[[(^]*\d+[\])]*$/

/** The text, cleaned, when it names a source; undefined otherwise. */
export function titleFromText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const clean = collapse(text)
  return readsLikeTitle(clean) ? clean : undefined
}

/** Not a URL, not a number like `[1]`, not generic words (`Source 1`, `Click here`); at least 2 words. */
export function readsLikeTitle(text: string): boolean {
  const clean = collapse(text)
  if (clean === '' || URL_TOKEN.test(clean) || NUMBERED.test(clean)) return false
  const bare = collapse(clean.toLowerCase().replace(/[\p{P}\p{S}]+/gu, ' '))
  if (GENERIC.has(bare) || bare.split(' ').every((word) => POINTING.has(word) || REFERENCE_NUMBER.test(word))) return false
  return wordCount(clean) >= 2
}

/** A title attribute, cleaned; undefined when absent or blank. */
export function titleAttribute(value: string | null | undefined): string | undefined {
  return value ? collapse(value) || undefined : undefined
}

/**
 * A quoted phrase as languages quote a title: “English” and "straight", « French » and »German«, „German“, 「Japanese」
 * and 『Japanese books』, 《Chinese》.
 */
const QUOTED = /\u201C([^\u201D]+)\u201D|"([^"]+)"|«([^»]+)»|»([^«]+)«|„([^“”]+)[“”]|「([^」]+)」|『([^』]+)』|《([^》]+)》/g

/** The first quoted phrase in a text, e.g. a footnote. */
export function quotedTitle(text: string): string | undefined {
  return quotedPhrases(text)[0]
}

/** The last quoted phrase in a text. */
export function lastQuotedTitle(text: string): string | undefined {
  return quotedPhrases(text).at(-1)
}

function quotedPhrases(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((match) => collapse(match.slice(1).find((group) => group !== undefined)!)).filter((quoted) => quoted !== '')
}

/** ASCII text: its words can be found without segmenting. */
const ASCII = /^[\x00-\x7f]*$/
/**
 * A word of ASCII text as Unicode segmentation (UAX #29, as V8's ICU applies it) finds one: letters, digits and
 * `_`, with `:`, `.` or `'` inside a run of letters (`e.g`, `don't`) and `.`, `,`, `;` or `'` inside a run of
 * digits (`3.5`, `1,000`); `__` counts, `_` alone does not. Checked against `Intl.Segmenter` on 70,000 strings.
 */
const ASCII_WORD = /\w*[A-Za-z0-9]\w*(?:(?:(?<=[A-Za-z])[:.'](?=[A-Za-z])|(?<=[0-9])[.,;'](?=[0-9]))\w+)*|_{2,}/g

/**
 * Words in the text's start, up to 2. Every link's text is counted, and segmenting costs ~10 µs a call: ASCII
 * text is counted with a regular expression, the rest segmented (V8 copies the input into every segment: keep
 * it short).
 */
export function wordCount(text: string): number {
  const start = text.slice(0, 200)
  let count = 0
  if (ASCII.test(start)) {
    ASCII_WORD.lastIndex = 0
    while (count < 2 && ASCII_WORD.exec(start)) count++
    return count
  }
  for (const segment of wordSegmenter().segment(start)) {
    if (segment.isWordLike && ++count >= 2) return count
  }
  return count
}
