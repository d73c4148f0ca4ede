// citation-title-match: the seed's title cases, Unicode folding, site names, arXiv ids, non-Latin scripts, the one-word guard.

import {describe, expect, it} from 'vitest'
import {cleanTitle} from '../src/judge/title-clean.js'
import {compareTitles, defaultThreshold, judgeTitleMatch, parseTitleMatchOptions, siteNamesOf} from '../src/judge/title-match.js'
import {OptionsError} from '../src/validate.js'
import type {PageFacts} from '../src/types.js'
import {citation, source} from './helpers/source.js'

const options = parseTitleMatchOptions(undefined)
const arxivTitle = 'Context Is What You Need: The Maximum Effective Context Window for Real World Limits of LLMs'

describe('compareTitles', () => {
  const cases: Array<[string, string, string, string[], boolean]> = [
    // [case, cited, page title, site names, match]
    ['seed PEP 8: the cited title is contained', 'PEP 8 – Style Guide', 'PEP 8 – Style Guide for Python Code', [], true],
    ['seed normalisation: case and punctuation', 'attention is all you need!', 'Attention Is All You Need', [], true],
    ['same words in another order', 'Style Guide for Python Code (PEP 8)', 'PEP 8 – Style Guide for Python Code', [], true],
    ['a truncated cited title', 'The Maximum Effective Context Window…', arxivTitle, [], true],
    ['the page title is contained in the cited one', 'Attention Is All You Need (Vaswani et al., 2017)', 'Attention Is All You Need', [], true],
    ['curly apostrophe = straight', 'O’Reilly Media', "O'Reilly Media", [], true],
    ['en and em dash = hyphen', 'Real–Time Systems', 'Real-Time Systems', [], true],
    ['NFKC: full-width letters and digits', 'ＰＥＰ ８ Ｓｔｙｌｅ Ｇｕｉｄｅ', 'PEP 8 Style Guide', [], true],
    ['accents and ß folded', 'Straße der Café-Kultur', 'Strasse der Cafe-Kultur', [], true],
    // `I` lower-cases to `i`, Turkish `ı` stayed itself: one word of three matched.
    ['Turkish: dotless ı against all capitals', 'Kadın Hakları Tarihi', 'KADIN HAKLARI TARİHİ', [], true],
    // A soft hyphen (`&shy;`, as German pages break long words) split the word: the page's own title did not match.
    ['soft hyphens inside words', 'Das Bundesverfassungsgericht kippt das Überwachungsgesetz', 'Das Bundes\u00ADverfassungs\u00ADgericht kippt das Überwachungs\u00ADgesetz', [], true],
    ['one content word changed in five: at the threshold', 'Deep Residual Networks for Image Recognition', 'Deep Residual Learning for Image Recognition', [], true],
    ['one content word changed in three', 'An Introduction to the Theory of Games', 'An Introduction to the Theory of Computation', [], false],
    ['a different title', 'Deep Residual Learning for Image Recognition', 'Attention Is All You Need', [], false],
    ['arXiv: a misremembered title sharing a few words', 'The Maximum Effective Context Window of Frontier Language Models', arxivTitle, [], false],
    ['one-word cited title is not contained', 'AI', 'AI and the Future of Work', [], false],
    ['one-word page title is not contained', 'AI Safety via Debate', 'AI', [], false],
    ['one-word titles match when equal', 'Photosynthesis', 'photosynthesis', [], true],
    ['site suffix stripped (host label)', 'Photosynthesis', 'Photosynthesis - Wikipedia', ['en.wikipedia.org', 'wikipedia.org', 'wikipedia'], true],
    ['site suffix kept without site names', 'Photosynthesis', 'Photosynthesis - Wikipedia', [], false],
    ['site prefix stripped (host name)', 'Downloads', 'Python.org – Downloads', ['python.org', 'python'], true],
    ['og:site_name suffix stripped', 'Inflation', 'Inflation — The Daily Planet', ['The Daily Planet'], true],
    ['site name stripped from the cited title too', 'Photosynthesis | Wikipedia', 'Photosynthesis', ['wikipedia'], true],
    ['arXiv id prefix', 'Attention', '[1706.03762] Attention', [], true],
    ['Chinese: a particle more', '深度学习综述', '深度学习的综述', [], true],
    ['Chinese: Wikipedia suffix with its og:site_name', '机器学习', '机器学习 - 维基百科，自由的百科全书', ['维基百科，自由的百科全书'], true],
    ['Chinese: different title', '深度学习综述', '量子计算导论', [], false],
    ['Chinese: one word is not contained', '人工', '人工智能的未来', [], false],
    ['Japanese: a particle more', '機械学習入門', '機械学習の入門', [], true],
    ['Japanese: contained', '機械学習入門', '機械学習入門 第2版', [], true],
    ['Japanese: different title sharing の基礎', '量子コンピュータの基礎', '機械学習の基礎', [], false],
    // The full-width bar was no separator: the site name stayed, and a one-word title must equal the page's.
    ['Japanese: full-width ｜ before the site name', '光合成', '光合成｜中学理科の学習サイト', ['中学理科の学習サイト'], true],
    ['Cyrillic: Wikipedia suffix', 'Война и мир', 'Война и мир — Википедия', ['Википедия'], true],
    ['Cyrillic: ё = е', 'Ёжик в тумане', 'Ежик в тумане', [], true],
    ['Cyrillic: different title', 'Преступление и наказание', 'Война и мир', [], false],
    // `ς` and `σ` were two letters: a final sigma written as `σ` missed every word ending in it.
    ['Greek: a final sigma written σ', 'Σοφοκλησ και Ευριπιδησ', 'Σοφοκλής και Ευριπίδης', [], true],
    // Marks and letter forms Arabic and Hebrew writers leave out or vary: each of these shared no word or one of three.
    ['Arabic: the hamza on alef left out', 'تاريخ الادب العربي', 'تاريخ الأدب العربي', [], true],
    ['Arabic: vowel marks, tatweel and ta marbuta', 'مقدمة في الذكاء الاصطناعي', 'مقدمـــه في الذَّكاءِ الاصْطِناعِيّ', [], true],
    ['Persian: Arabic yeh and kaf', 'تاریخ ادبیات کودک', 'تاريخ ادبيات كودك', [], true],
    ['Hebrew: niqqud', 'תולדות ישראל', 'תּוֹלְדוֹת יִשְׂרָאֵל', [], true],
    ['Arabic: different title', 'تاريخ الذكاء الاصطناعي', 'تاريخ الأدب العربي', [], false],
    // Symbols that tell names apart were dropped with the lone letter: these matched.
    ['C++ is not C#', 'C++ Core Guidelines', 'C# Core Guidelines', [], false],
    ['F# is not C#', 'F# Language Reference', 'C# Language Reference', [], false],
    ['C++ alone is not C#', 'C++', 'C#', [], false],
    ['a name with symbols matches itself, site suffix stripped', 'C++ Core Guidelines', 'C++ Core Guidelines | isocpp', ['isocpp.org', 'isocpp'], true],
    ['.NET matches itself, site suffix stripped', 'What is .NET?', 'What is .NET? | Microsoft Learn', ['Microsoft Learn'], true],
    ['C++17 = C++ 17', 'The C++17 Standard Library', 'The C++ 17 Standard Library', [], true],
    // A lone capital is a name too: `R` and `C` were no words, so these matched as equal titles.
    ['R is not C', 'R Language Reference', 'C Language Reference', [], false],
    ['Vitamin D is not Vitamin K', 'Vitamin D Fact Sheet', 'Vitamin K Fact Sheet', [], false],
    // `Vitamin D` was one content word, too few to be contained.
    ['a lone capital matches itself', 'Vitamin D', 'Vitamin D: Fact Sheet for Health Professionals', [], true],
    ['initials are no names', 'Letters of J. M. Keynes', 'Letters of John Maynard Keynes', [], true],
    ['a capital on one side only', 'Guerra Y Paz', 'Guerra y paz', [], true],
    ['a capital article on one side only', 'O Alquimista', 'Alquimista', [], true],
    ['a capital the other side hyphenates', 'Big O notation', 'Big-O notation explained', [], true],
    // A leading dot made its word another token: these did not match.
    ['a file type with or without its dot', 'How to open .docx files', 'How to Open DOCX Files', [], true],
    ['.NET without its dot', 'Microsoft .NET Framework 4.8', 'Microsoft NET Framework 4.8', [], true],
    // One word changed in five was at the threshold, though that word was the year: another edition of the report.
    ['another year is another edition', 'Global Ocean Warming Report 2021', 'Global Ocean Warming Report 2022', [], false],
    ['the same year, and a date besides', 'Global Ocean Warming Report 2021', 'Global Ocean Warming Report 2021, 12 March 2022', [], true],
    ['a number on one side only', 'World Energy Outlook', 'World Energy Outlook 2023', [], true],
    // A title cited in the writer's spelling, registered in the publisher's.
    ['British and American spelling', 'A randomised trial of colour vision in paediatric anaemia', 'A randomized trial of color vision in pediatric anemia', [], true],
    ['British and American spelling, more endings', 'Modelling tumour behaviour in the centre', 'Modeling tumor behavior in the center', [], true],
    ['a Greek letter and its name', 'The effect of beta-blockers on TNF-alpha', 'The Effect of β-Blockers on TNF-α', [], true],
    ['short words are no spelling variants', 'Four poets', 'For pets', [], false]
  ]
  it.each(cases)('%s', (_, cited, page, siteNames, match) => {
    expect(compareTitles(cited, page, siteNames, defaultThreshold).match).toBe(match)
  })

  it('reports the similarity: 1 for the same words, 0 for none shared', () => {
    expect(compareTitles('Attention Is All You Need', 'attention is all you need', [], 0.8).similarity).toBe(1)
    expect(compareTitles('Deep Residual Learning', 'Attention Is All You Need', [], 0.8).similarity).toBe(0)
  })

  it('link text naming another year’s report is not described by it, however lenient the threshold', () => {
    expect(compareTitles('Global Ocean Warming Report 2021', 'Global Ocean Warming Report 2022', [], 0.34).match).toBe(false)
  })

  it('a year dating the citation is no other edition of a page whose title has another kind of number', () => {
    expect(compareTitles('US inflation falls (2023)', 'US inflation falls to 3% in June', [], 0.34).match).toBe(true)
    expect(compareTitles('Mapping the human brain (2019)', 'Mapping the human brain | Nature 569, 34–36', [], 0.34).match).toBe(true)
    expect(compareTitles('Python 3.11 release notes', 'Python 3.12 release notes', [], 0.34).match).toBe(false)
  })

  it('a higher threshold turns a near title into a mismatch', () => {
    const near = ['Deep Residual Networks for Image Recognition', 'Deep Residual Learning for Image Recognition'] as const
    expect(compareTitles(...near, [], 0.8)).toEqual({match: true, similarity: 0.8})
    expect(compareTitles(...near, [], 0.9).match).toBe(false)
  })
})

describe('cleanTitle', () => {
  const cases: Array<[string, string[], string]> = [
    ['[2509.21361] ' + arxivTitle, [], arxivTitle],
    ['[hep-th/9901001v2] Old Style Id', [], 'Old Style Id'],
    ['arXiv:1706.03762 [cs.CL] – Attention Is All You Need', [], 'Attention Is All You Need'],
    ['Attention is all you need. arXiv preprint arXiv:1706.03762', [], 'Attention is all you need'],
    ['Attention Is All You Need (arXiv:1706.03762v7)', [], 'Attention Is All You Need'],
    ['RETRACTED: Ileal-lymphoid-nodular hyperplasia', [], 'Ileal-lymphoid-nodular hyperplasia'],
    ['A Paper | Nature', ['Nature'], 'A Paper'],
    ['Nature | A Paper', ['Nature'], 'A Paper'],
    ['A Paper | Section | arXiv.org', ['arxiv.org', 'arxiv'], 'A Paper Section'],
    ['arXiv.org', ['arxiv.org'], 'arXiv.org'],
    ['Nature - Nature', ['Nature'], 'Nature'],
    ['A Paper | Science', ['Nature'], 'A Paper | Science']
  ]
  it.each(cases)('%s', (title, siteNames, clean) => {
    expect(cleanTitle(title, siteNames)).toBe(clean)
  })
})

describe('siteNamesOf', () => {
  it('og:site_name and every host name, domain and label, from the cited and the final URL', () => {
    const report = source('https://en.wikipedia.org/wiki/X', {siteName: 'Wikimedia'}, {finalUrl: 'https://www.example.org/y'})
    expect(siteNamesOf(report)).toEqual([
      'Wikimedia', 'en.wikipedia.org', 'wikipedia.org', 'wikipedia', 'example.org', 'example'
    ])
  })
})

describe('judgeTitleMatch', () => {
  const url = 'https://peps.python.org/pep-0008/'
  const pep = (titles: PageFacts['titles'], citedTitle: string | undefined = 'PEP 8 – Style Guide') =>
    judgeTitleMatch(citation(url, {citedTitle}), source(url, {titles}), options)
  const untitled = citation(url)

  it('seed test_200_title_match: nothing to report', () => {
    expect(pep([{source: 'title', text: 'PEP 8 – Style Guide for Python Code | peps.python.org'}])).toBeUndefined()
  })

  it('seed test_200_title_mismatch: flagged, the message shows both titles and the page title’s source', () => {
    expect(pep([{source: 'title', text: 'Python Packaging User Guide'}])).toEqual({
      status: 'mismatch',
      action: 'flagged',
      rule: 'citation-title-match',
      about: 'title',
      message:
        'Unexpected cited title “PEP 8 – Style Guide” for `https://peps.python.org/pep-0008/`, ' +
        'expected the page title “Python Packaging User Guide” (`title`)'
    })
  })

  // Cut at 59 code units, the emoji's surrogate pair was split (a lone surrogate, shown as `�`) and the `e` lost its accent.
  it('shortens a long title between characters as a reader counts them, never inside an emoji or an accented letter', () => {
    const page = `${'x'.repeat(58)}🍓🍉 Rezepte`
    const cited = `${'y'.repeat(58)}e\u0301e\u0301 Titel`
    expect(pep([{source: 'title', text: page}], cited)?.message).toBe(
      `Unexpected cited title “${'y'.repeat(58)}e\u0301…” for \`https://peps.python.org/pep-0008/\`, ` +
        `expected the page title “${'x'.repeat(58)}🍓…” (\`title\`)`
    )
  })

  it('seed test_200_no_title_tag: nothing to report', () => {
    expect(pep([])).toBeUndefined()
    expect(pep([{source: 'title', text: ' — '}])).toBeUndefined()
  })

  it('a page below the root titled with the site\'s name alone (an app\'s shell, a wall) names no page: nothing to report', () => {
    const cited = citation('https://x.com/nasa/status/1', {citedTitle: 'NASA on the Artemis launch'})
    expect(judgeTitleMatch(cited, source('https://x.com/nasa/status/1', {titles: [{source: 'title', text: 'X'}]}), options)).toBeUndefined()
    const post = citation('https://www.instagram.com/p/C1a2b3/', {citedTitle: 'The new bridge at dawn'})
    expect(judgeTitleMatch(post, source('https://www.instagram.com/p/C1a2b3/', {titles: [{source: 'title', text: 'Instagram'}]}), options)).toBeUndefined()
    // A home page titled so is what it is; so is a deep page whose title says more than the name.
    const home = citation('https://www.amazon.com/', {citedTitle: 'Introduction to Algorithms'})
    expect(judgeTitleMatch(home, source('https://www.amazon.com/', {titles: [{source: 'title', text: 'Amazon'}]}), options)?.action).toBe('flagged')
    const book = citation('https://www.amazon.com/dp/0262033844', {citedTitle: 'Introduction to Algorithms'})
    expect(judgeTitleMatch(book, source('https://www.amazon.com/dp/0262033844', {titles: [{source: 'title', text: 'Amazon.com: Cookbooks'}]}), options)?.action).toBe('flagged')
  })

  // `expected the page title “Subscribe to read | Financial Times”`: the wall's title, served at the article's address.
  it('a sign-in or subscription wall served in the page\'s place (`paywalled`) has no title of the page: nothing to report', () => {
    const story = citation('https://www.ft.com/content/0a1b2c3d', {citedTitle: 'Chinese exports slow sharply in October'})
    const barrier = [{source: 'title', text: 'Subscribe to read | Financial Times'}, {source: 'h1', text: 'Subscribe to unlock this article'}] as PageFacts['titles']
    expect(judgeTitleMatch(story, source(story.url, {titles: barrier}, {liveness: 'paywalled'}), options)).toBeUndefined()
    // A page about signing in is compared as any other.
    const wiki = citation('https://wiki.acme.example/spaces/ENG/roadmap', {citedTitle: 'Quarterly roadmap for widgets'})
    const howTo = source(wiki.url, {titles: [{source: 'title', text: 'Login security best practices'}]})
    expect(judgeTitleMatch(wiki, howTo, options)?.message).toContain('expected the page title “Login security best practices” (`title`)')
  })

  // `expected the page title “React App”`: the shell's title, which the script replaces with the page's.
  it('an app generator\'s own title left in a shell (`React App`, `Vite + React + TS`) names no page: nothing to report', () => {
    const guide = citation('https://widgets.example/docs/guide', {citedTitle: 'Getting Started with Widgets'})
    for (const title of ['React App', 'Vite + React + TS', 'Vite App', 'Create Next App']) {
      expect(judgeTitleMatch(guide, source(guide.url, {titles: [{source: 'title', text: title}]}), options)).toBeUndefined()
      expect(judgeTitleMatch(guide, source('https://widgets.example/', {titles: [{source: 'title', text: title}]}), options)).toBeUndefined()
    }
    // A title that says more is the page's.
    const more = source(guide.url, {titles: [{source: 'title', text: 'React Apps in Production'}]})
    expect(judgeTitleMatch(guide, more, options)?.message).toContain('expected the page title “React Apps in Production” (`title`)')
  })

  // `expected the page title “Redirecting…”`: a script's stub, which sends the reader to the cited page's new address.
  it('a page waiting for its script (`Redirecting…`, `Loading...`) names no page: nothing to report', () => {
    const guide = citation('https://widgets.example/docs/old-guide', {citedTitle: 'Getting Started with Widgets'})
    for (const title of ['Redirecting…', 'Redirecting...', 'Loading...', 'Working...', 'Please wait']) {
      expect(judgeTitleMatch(guide, source(guide.url, {titles: [{source: 'title', text: title}]}), options)).toBeUndefined()
    }
    // A title that says more is the page's.
    const more = source(guide.url, {titles: [{source: 'title', text: 'Loading Data with Pandas'}]})
    expect(judgeTitleMatch(guide, more, options)?.message).toContain('expected the page title “Loading Data with Pandas” (`title`)')
  })

  it('a page at a path of 200,000 slashes is compared at once', () => {
    // Telling a deep path from the root (for a shell's title) tried each `/` of the run as the trailing ones: a minute.
    const url = `https://x.com/nasa${'/'.repeat(200_000)}status`
    const cited = citation(url, {citedTitle: 'NASA on the Artemis launch'})
    expect(judgeTitleMatch(cited, source(url, {titles: [{source: 'title', text: 'Something else entirely'}]}), options)?.action).toBe('flagged')
  })

  it('a cited title of 100,000 Chinese characters is compared at once', () => {
    // Segmenting it in one piece copied the rest of it into every word it found: minutes.
    const title = '中国的经济增长速度在过去十年中有所放缓'.repeat(5000)
    const cited = citation(url, {citedTitle: title})
    expect(judgeTitleMatch(cited, source(url, {titles: [{source: 'title', text: title}]}), options)).toBeUndefined()
    expect(judgeTitleMatch(cited, source(url, {titles: [{source: 'title', text: '研究报告'}]}), options)?.action).toBe('flagged')
  })

  it('a deep page titled with its own address (a parked domain, at every path) is still compared', () => {
    const url = 'https://oldblog.example/2019/05/heat-pumps'
    const cited = citation(url, {citedTitle: 'Heat pumps in cold climates'})
    for (const text of ['oldblog.example', 'Oldblog.example']) {
      expect(judgeTitleMatch(cited, source(url, {titles: [{source: 'title', text}]}), options)?.message).toContain(`expected the page title “${text}”`)
    }
    expect(judgeTitleMatch(cited, source('https://ww1.oldblog.example/2019/05/heat-pumps', {titles: [{source: 'title', text: 'oldblog.example'}]}), options)?.action).toBe('flagged')
  })

  it('nothing to report without a cited title', () => {
    expect(judgeTitleMatch(untitled, source(url, {titles: [{source: 'title', text: 'Something else'}]}), options)).toBeUndefined()
  })

  it('nothing to report unless the page answered', () => {
    const page = {titles: [{source: 'title' as const, text: 'Not Found'}]}
    const dead = source(url, page, {status: 404, liveness: 'dead', reason: '404 Not Found'})
    expect(judgeTitleMatch(citation(url, {citedTitle: 'PEP 8'}), dead, options)).toBeUndefined()
  })

  it('matches when any candidate matches, even the least trusted', () => {
    expect(
      pep([
        {source: 'og:title', text: 'Write better Python today'},
        {source: 'h1', text: 'PEP 8 – Style Guide for Python Code'}
      ])
    ).toBeUndefined()
  })

  it('shows the most trusted candidate, shortened when long', () => {
    const verdict = pep([
      {source: 'citation_title', text: 'A Very Long Title About Something Else Entirely, With a Subtitle That Goes On and On'},
      {source: 'title', text: 'Short'}
    ])
    expect(verdict?.message).toContain('expected the page title “A Very Long Title About Something Else Entirely, With a Sub…” (`citation_title`)')
    expect(verdict?.expected).toBeUndefined()
  })

  it('arXiv: the abs page’s `[id] Title` and og:site_name; a misremembered title is flagged', () => {
    const abs = 'https://arxiv.org/abs/2509.21361'
    const report = source(abs, {
      siteName: 'arXiv.org',
      titles: [
        {source: 'citation_title', text: arxivTitle},
        {source: 'title', text: `[2509.21361] ${arxivTitle}`}
      ]
    })
    expect(judgeTitleMatch(citation(abs, {citedTitle: arxivTitle}), report, options)).toBeUndefined()
    const wrong = judgeTitleMatch(citation(abs, {citedTitle: 'The Maximum Effective Context Window of Frontier Language Models'}), report, options)
    expect(wrong?.action).toBe('flagged')
    expect(wrong?.message).toContain('“The Maximum Effective Context Window of Frontier Language M…”')
    expect(wrong?.message).toContain('“Context Is What You Need: The Maximum Effective Context Win…” (`citation_title`)')
  })

  it('a one-word title on Wikipedia matches through the host name', () => {
    const wiki = 'https://en.wikipedia.org/wiki/Photosynthesis'
    const report = source(wiki, {titles: [{source: 'title', text: 'Photosynthesis - Wikipedia'}]})
    expect(judgeTitleMatch(citation(wiki, {citedTitle: 'Photosynthesis'}), report, options)).toBeUndefined()
    expect(judgeTitleMatch(citation(wiki, {citedTitle: 'AI'}), report, options)?.action).toBe('flagged')
  })

  it('redacts secrets in the URL', () => {
    const secret = 'https://example.com/doc?token=abc123'
    const report = source(secret, {titles: [{source: 'title', text: 'Quarterly Report'}]})
    const verdict = judgeTitleMatch(citation(secret, {citedTitle: 'Annual Budget Plan'}), report, options)
    expect(verdict?.message).not.toContain('abc123')
  })
})

describe('parseTitleMatchOptions', () => {
  it('defaults, and a threshold from 0 to 1', () => {
    expect(parseTitleMatchOptions(undefined)).toEqual({threshold: 0.8, linkTextThreshold: 0.34})
    expect(parseTitleMatchOptions({threshold: 0.95})).toEqual({threshold: 0.95, linkTextThreshold: 0.34})
  })

  // At the link-text threshold (0.34) the shared words were enough.
  it.each([
    ['C++ Core Guidelines', 'C# Core Guidelines'],
    ['C Programming Tutorial', 'C++ Programming Tutorial'],
    ['R Language Reference', 'C Language Reference']
  ])('link text %s does not match a page titled %s', (text, title) => {
    const url = 'https://lang.example/guide'
    const page = source(url, {titles: [{source: 'title', text: title}]})
    expect(judgeTitleMatch(citation(url, {citedTitle: text, citedTitleFrom: 'text'}), page, options)?.rule).toBe('citation-title-match')
  })

  it('is lenient with link text, which often describes the source rather than names it', () => {
    const url = 'https://docs.python.org/3/library/asyncio.html'
    const page = source(url, {titles: [{source: 'title', text: 'asyncio — Asynchronous I/O — Python 3.12 documentation'}]})
    const described = 'the Python docs on asyncio'
    expect(judgeTitleMatch(citation(url, {citedTitle: described, citedTitleFrom: 'text'}), page, options)).toBeUndefined()
    // The same words given as a title attribute are held to the title threshold.
    expect(judgeTitleMatch(citation(url, {citedTitle: described, citedTitleFrom: 'attribute'}), page, options)?.rule).toBe('citation-title-match')
    // Link text that names another source altogether is still reported.
    const other = citation(url, {citedTitle: 'Threading in Java explained', citedTitleFrom: 'text'})
    expect(judgeTitleMatch(other, page, options)?.rule).toBe('citation-title-match')
  })

  it.each([
    ['React docs', 'https://react.dev/reference/react/useState', 'useState – React', 'React'],
    ['Stack Overflow answer', 'https://stackoverflow.com/questions/1/merge-dicts', 'python - How do I merge two dictionaries? - Stack Overflow', undefined],
    ['MDN reference', 'https://developer.mozilla.org/en-US/docs/Web/API/fetch', 'Window: fetch() method - Web APIs | MDN', 'MDN Web Docs'],
    // Only English words for the kind of page were known: these were compared with the page's title, and flagged.
    ['React-Dokumentation', 'https://react.dev/reference/react/useState', 'useState – React', 'React'],
    ['Documentación de React', 'https://react.dev/reference/react/useState', 'useState – React', 'React'],
    ['Документация React', 'https://react.dev/reference/react/useState', 'useState – React', 'React'],
    ['React 官方文档', 'https://react.dev/reference/react/useState', 'useState – React', 'React'],
    ['React のドキュメント', 'https://react.dev/reference/react/useState', 'useState – React', 'React'],
    // Research writing names an organisation's page by what it is, often with its year: these were flagged.
    ['Pew Research Center survey (2023)', 'https://www.pewresearch.org/short-reads/2023/ai', 'Americans’ views of AI | Pew Research Center', 'Pew Research Center'],
    ['Nature study', 'https://www.nature.com/articles/s41586-021-1', 'Ocean warming accelerates | Nature', 'Nature'],
    ['2021 Nature study', 'https://www.nature.com/articles/s41586-021-1', 'Ocean warming accelerates | Nature', 'Nature'],
    // An organisation as APA cites its work, in full where its site goes by its initials: these were flagged.
    ['International Energy Agency, 2023', 'https://www.iea.org/reports/renewables-2023', 'Renewables 2023 – Analysis - IEA', 'IEA'],
    ['Bureau of Labor Statistics (2024)', 'https://www.bls.gov/news.release/empsit.nr0.htm', 'Employment Situation Summary - 2024 M03 Results', undefined],
    // A publication's name with its article, as its address spells it, where the page gives no og:site_name: flagged.
    ['The Atlantic', 'https://www.theatlantic.com/ideas/archive/2023/05/homework/1/', 'The Case Against Homework - The Atlantic', undefined],
    ['Our World in Data', 'https://ourworldindata.org/co2-emissions', 'CO₂ emissions - Our World in Data', undefined],
    // The publication credited as a source, as captions and AI-written reports do: flagged.
    ['Source: Reuters', 'https://www.reuters.com/world/europe/heatwave-2023-07-18/', 'Heatwave grips southern Europe | Reuters', 'Reuters']
  ])('link text that only names the site and the kind of page (%s) describes the source', (text, url, title, siteName) => {
    const page = source(url, {titles: [{source: 'title', text: title}], siteName})
    expect(judgeTitleMatch(citation(url, {citedTitle: text, citedTitleFrom: 'text'}), page, options)).toBeUndefined()
    // As a title attribute it is a title, and does not match.
    expect(judgeTitleMatch(citation(url, {citedTitle: text, citedTitleFrom: 'attribute'}), page, options)?.rule).toBe('citation-title-match')
  })

  it('link text naming the site’s report of another year than the page’s is judged, and reported', () => {
    const url = 'https://www.who.int/publications/i/item/9789240083851'
    const page = source(url, {titles: [{source: 'title', text: 'Global tuberculosis report 2022'}], siteName: 'World Health Organization'})
    expect(judgeTitleMatch(citation(url, {citedTitle: 'WHO report 2021', citedTitleFrom: 'text'}), page, options)?.rule).toBe('citation-title-match')
    expect(judgeTitleMatch(citation(url, {citedTitle: 'WHO report 2022', citedTitleFrom: 'text'}), page, options)).toBeUndefined()
  })

  it('a title of capitalised words and a year is still a title', () => {
    const url = 'https://papers.example/resnet'
    const page = source(url, {titles: [{source: 'title', text: 'Deep Residual Learning for Image Recognition'}]})
    expect(judgeTitleMatch(citation(url, {citedTitle: 'Molecular Cell Biology 2021', citedTitleFrom: 'text'}), page, options)?.rule).toBe('citation-title-match')
  })

  // Only English author-year link text was known, and without a journal after it (`Smith et al. (2021), Nature`):
  // these were compared with the paper's title, and flagged.
  it.each([
    'Müller u. a. 2019', 'Müller und Schmidt 2019', 'Dupont et coll. 2020', 'García y col. 2018', 'Иванов и др. 2020', '山田ら（2020）', '张三等 2020',
    'Smith et al. (2021), Nature', 'Smith et al., Nature 2021', 'Smith and Jones 2019, Nature Climate Change'
  ])(
    'author-year link text, in another language or with its journal (%s), names a paper by its authors, not its title',
    (text) => {
      const url = 'https://papers.example/resnet'
      const page = source(url, {titles: [{source: 'title', text: 'Deep Residual Learning for Image Recognition'}]})
      expect(judgeTitleMatch(citation(url, {citedTitle: text, citedTitleFrom: 'text'}), page, options)).toBeUndefined()
    }
  )

  it('a name in a script without capitals and a year is a title all the same, without its “and others”', () => {
    const url = 'https://papers.example/resnet'
    const page = source(url, {titles: [{source: 'title', text: 'Deep Residual Learning for Image Recognition'}]})
    expect(judgeTitleMatch(citation(url, {citedTitle: '统计年鉴 2020', citedTitleFrom: 'text'}), page, options)?.rule).toBe('citation-title-match')
  })

  it('refuses a bad threshold and unknown options by name', () => {
    expect(() => parseTitleMatchOptions({threshold: 1.5})).toThrow('Unexpected `threshold` `1.5`, expected a number from 0 to 1')
    expect(() => parseTitleMatchOptions({threshold: '0.5'})).toThrow(OptionsError)
    expect(() => parseTitleMatchOptions({treshold: 0.5})).toThrow('Unexpected option `treshold` (did you mean `threshold`?), expected one of `threshold`, `linkTextThreshold`')
    // A fetching option is `configure`'s: where it belongs, not the nearest name the rule takes.
    expect(() => parseTitleMatchOptions({timeout: 5000})).toThrow('Unexpected option `timeout` (it belongs to `configure`), expected one of `threshold`, `linkTextThreshold`')
    expect(() => parseTitleMatchOptions(0.5)).toThrow('expected an object')
  })
})
