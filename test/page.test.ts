// Tables for src/page: one HTTP response (status, headers, bytes) in, PageFacts out.

import {describe, expect, it} from 'vitest'
import type * as Iconv from 'iconv-lite'
import {cjs} from '../src/cjs.js'
import {decodeBody} from '../src/page/decode.js'
import {readPage, type ResponseView} from '../src/page/index.js'
import {wallTitle} from '../src/page/paywall.js'
import {parseRefresh} from '../src/page/refresh.js'
import {judgeTitleMatch, parseTitleMatchOptions} from '../src/judge/title-match.js'
import {citation, source} from './helpers/source.js'

const url = 'https://example.org/articles/some-article'

function page(html: string | Buffer, options: Partial<Omit<ResponseView, 'body'>> = {}): ReturnType<typeof readPage> {
  return readPage({
    url: options.url ?? url,
    status: options.status ?? 200,
    headers: options.headers ?? {'content-type': 'text/html; charset=utf-8'},
    body: typeof html === 'string' ? Buffer.from(html, 'utf8') : html,
    truncated: options.truncated ?? false
  })
}

function doc(head: string, body = ''): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
}

const longText = Array.from({length: 60}, (_, i) => `<p>Paragraph ${i} of a long and ordinary article that explains things in detail, one sentence after another.</p>`).join('')

describe('titles', () => {
  it('collects every source in priority order', () => {
    const html = doc(
      `<title>Title - Wikipedia</title>
       <meta property="og:title" content="OG title">
       <meta name="twitter:title" content="Twitter title">
       <meta name="DC.Title" content="Dublin Core title">
       <meta name="citation_title" content="Highwire   title">
       <script type="application/ld+json">{"@context":"https://schema.org","@type":"ScholarlyArticle","headline":"LD headline","name":"LD name"}</script>`,
      '<h1>Heading <em>one</em></h1><h1>Second heading</h1>'
    )
    expect(page(html).titles).toEqual([
      {source: 'citation_title', text: 'Highwire title'},
      {source: 'dc.title', text: 'Dublin Core title'},
      {source: 'json-ld', text: 'LD headline'},
      {source: 'json-ld', text: 'LD name'},
      {source: 'og:title', text: 'OG title'},
      {source: 'twitter:title', text: 'Twitter title'},
      {source: 'title', text: 'Title - Wikipedia'},
      {source: 'h1', text: 'Heading one'}
    ])
  })

  it.each([
    ['citation_title', '<meta name="citation_title" content="A">'],
    ['dc.title', '<meta name="dc.title" content="A">'],
    ['dc.title', '<meta name="DC.title" content="A">'],
    ['dc.title', '<meta name="dcterms.title" content="A">'],
    ['dc.title', '<meta name="DCTERMS.TITLE" content="A">'],
    ['og:title', '<meta property="og:title" content="A">'],
    ['og:title', '<meta name="og:title" content="A">'],
    ['twitter:title', '<meta name="twitter:title" content="A">'],
    ['twitter:title', '<meta property="twitter:title" content="A">'],
    ['title', '<title>A</title>'],
    ['json-ld', '<script type="application/ld+json">{"@type":"NewsArticle","headline":"A"}</script>'],
    ['json-ld', '<script type="application/ld+json">{"@type":"BlogPosting","headline":"A"}</script>'],
    ['json-ld', '<script type="application/ld+json">{"@type":"WebPage","name":"A"}</script>'],
    ['json-ld', '<script type="application/ld+json">{"@type":["Article"],"headline":"A"}</script>'],
    ['json-ld', '<script type="application/ld+json">{"@type":"http://schema.org/Article","headline":"A"}</script>']
  ])('reads %s from %s', (source, head) => {
    expect(page(doc(head)).titles).toEqual([{source, text: 'A'}])
  })

  it('reads the first h1', () => {
    expect(page(doc('', '<nav>x</nav><h1>\n  First\n  heading </h1><h1>Second</h1>')).titles).toEqual([{source: 'h1', text: 'First heading'}])
  })

  it('keeps the site name in <title> (stripping is for the judge)', () => {
    expect(page(doc('<title>Title - Wikipedia</title>')).titles).toEqual([{source: 'title', text: 'Title - Wikipedia'}])
  })

  it('a passage\'s whitespace, of any kind, becomes one space between words; zero-width characters go', () => {
    const text = 'One\u00a0\u00a0two\tthree\r\nfour\u2028five \u3000 six\u200Bseven\ufeff  eight'
    expect(page(doc('', `<p>  ${text} and the rest of a long enough sentence. </p>`)).passages).toEqual([
      'One two three four five sixseven eight and the rest of a long enough sentence.'
    ])
  })

  it('decodes entities and collapses whitespace, drops empty candidates', () => {
    const html = doc(
      `<title>  Caf&eacute;   &amp;\n Bar&#8217;s &ndash; Site </title><meta property="og:title" content="   ">
       <meta name="citation_title" content="">
       <script type="application/ld+json">{"@type":"Article","headline":"Tom &amp; Jerry&#8217;s <i>day</i>","name":"  "}</script>`,
      '<h1> </h1>'
    )
    expect(page(html).titles).toEqual([
      {source: 'json-ld', text: 'Tom & Jerry’s day'},
      {source: 'title', text: 'Café & Bar’s – Site'}
    ])
  })

  it('reads a title with face markup as written, and as its heading shows it', () => {
    const html = doc('<meta name="citation_title" content="Global CO&lt;sub&gt;2&lt;/sub&gt; emissions from &lt;i&gt;fossil&lt;/i&gt; fuels"><title>List<T> Class</title>')
    expect(page(html).titles).toEqual([
      {source: 'citation_title', text: 'Global CO<sub>2</sub> emissions from <i>fossil</i> fuels'},
      {source: 'citation_title', text: 'Global CO2 emissions from fossil fuels'},
      {source: 'title', text: 'List<T> Class'}
    ])
    // So a citation that writes the title as printed matches it.
    const report = source('https://journal.example/a', {titles: page(html).titles})
    const cited = citation('https://journal.example/a', {citedTitle: 'Global CO2 emissions from fossil fuels'})
    expect(judgeTitleMatch(cited, report, parseTitleMatchOptions(undefined))).toBeUndefined()
  })

  it('ignores <title> inside SVG and takes the document title', () => {
    expect(page(doc('', '<svg><title>icon</title></svg>')).titles).toEqual([])
    expect(page('<html><body><svg><title>icon</title></svg></body><title>Real</title></html>').titles).toEqual([{source: 'title', text: 'Real'}])
  })

  it('walks JSON-LD @graph, arrays and nested nodes; article nodes before WebPage nodes', () => {
    const ld = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        {'@type': 'WebSite', '@id': 'https://example.org/#website', name: 'Example Site'},
        {'@type': 'Organization', '@id': 'https://example.org/#org', name: 'Example Org'},
        {'@type': 'WebPage', name: 'Page name'},
        {'@type': 'Article', headline: 'Graph headline', publisher: {'@id': 'https://example.org/#org'}}
      ]
    })
    const array = JSON.stringify([{'@type': 'Person', name: 'Not a title'}, {'@type': 'NewsArticle', headline: ['First', 'Second']}])
    const facts = page(doc(`<script type="application/ld+json">${ld}</script><script type="application/ld+json">${array}</script>`))
    expect(facts.titles).toEqual([
      {source: 'json-ld', text: 'Graph headline'},
      {source: 'json-ld', text: 'First'},
      {source: 'json-ld', text: 'Second'},
      {source: 'json-ld', text: 'Page name'}
    ])
    expect(facts.siteName).toBe('Example Org')
  })

  it('ignores invalid JSON-LD and repairs raw newlines and comment wrappers', () => {
    const html = doc(
      `<script type="application/ld+json">{"@type": "Article", "headline": oops}</script>
       <script type="application/ld+json"><!-- {"@type":"Article","headline":"Wrapped"} --></script>
       <script type="application/ld+json">{"@type":"Article","headline":"Line
break"}</script>
       <script type="application/ld+json"></script>`
    )
    expect(page(html).titles).toEqual([
      {source: 'json-ld', text: 'Wrapped'},
      {source: 'json-ld', text: 'Line break'}
    ])
  })

  it('reads a JSON-LD block holding a long run of semicolons, and drops those trailing it', () => {
    // Stripping the trailing ones read from each `;` of the run to its end: 100,000 of them took 18 s.
    const html = doc(
      `<script type="application/ld+json">{"@type":"Article","headline":"Styled","text":"${';'.repeat(200_000)}"}</script>
       <script type="application/ld+json">{"@type":"Article","headline":"Ended"};;</script>`
    )
    expect(page(html).titles).toEqual([
      {source: 'json-ld', text: 'Styled'},
      {source: 'json-ld', text: 'Ended'}
    ])
  })
})

describe('siteName', () => {
  it.each([
    ['og:site_name', '<meta property="og:site_name" content=" Nature ">', 'Nature'],
    ['publisher object', '<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"The Paper"}}</script>', 'The Paper'],
    ['WebSite name', '<script type="application/ld+json">{"@type":"WebSite","name":"Site"}</script>', 'Site'],
    ['none', '<title>x</title>', undefined]
  ])('%s', (_, head, expected) => {
    expect(page(doc(head)).siteName).toBe(expected)
  })

  it('prefers og:site_name over JSON-LD', () => {
    const head = '<script type="application/ld+json">{"@type":"Article","publisher":{"name":"LD"}}</script><meta property="og:site_name" content="OG">'
    expect(page(doc(head)).siteName).toBe('OG')
  })
})

describe('decoding', () => {
  const cafe = (prefix: string, suffix = ''): Buffer => Buffer.concat([Buffer.from(prefix, 'latin1'), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from(`</title>${suffix}`, 'latin1')])

  it.each([
    ['windows-1252 from Content-Type', cafe('<html><head><title>'), 'text/html; charset=windows-1252'],
    ['iso-8859-1 from Content-Type', cafe('<html><head><title>'), 'text/html; charset="ISO-8859-1"'],
    ['meta charset', cafe('<html><head><meta charset="iso-8859-1"><title>'), 'text/html'],
    ['meta http-equiv', cafe('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>'), 'text/html'],
    ['utf-8 BOM over a wrong header', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<html><title>Café</title>', 'utf8')]), 'text/html; charset=iso-8859-1'],
    ['utf-8 default', Buffer.from('<html><title>Café</title>', 'utf8'), 'text/html'],
    ['unknown charset falls back to utf-8', Buffer.from('<html><title>Café</title>', 'utf8'), 'text/html; charset=x-no-such-charset'],
    ['unknown meta charset falls back to utf-8', Buffer.from('<html><meta charset="bogus"><title>Café</title>', 'utf8'), 'text/html'],
    // As in browsers, a label no encoding answers to declares nothing: the next source is read.
    ['a header charset no encoding answers to leaves the meta to say', cafe('<html><head><meta charset="windows-1252"><title>'), 'text/html; charset=none'],
    ['a meta charset no encoding answers to leaves the next meta to say', cafe('<html><head><meta charset="ansi"><meta charset="windows-1252"><title>'), 'text/html'],
    // The prescan skips comments: a template's commented-out old declaration is not the page's.
    // A header sent twice (a proxy's add_header after the page's own): browsers go by the last value.
    ['the last of two Content-Type charsets', Buffer.from('<html><title>Café</title>', 'utf8'), 'text/html; charset=iso-8859-1, text/html; charset=utf-8'],
    ['the last of two Content-Type types', Buffer.from('<html><title>Café</title>', 'utf8'), 'text/plain; charset=utf-8, text/html'],
    // HTML's parser skips an XML declaration: a leftover one does not outweigh the page's meta, as it does in XHTML.
    ['an HTML page’s meta charset over its XML declaration', Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?>\n<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>Café</title>', 'utf8'), 'text/html'],
    ['a meta charset in a comment declares nothing', Buffer.from('<html><head><!--<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">--><meta charset="utf-8"><title>Café</title>', 'utf8'), 'text/html']
  ])('%s', (_, body, contentType) => {
    expect(page(body, {headers: {'content-type': contentType}}).titles).toEqual([{source: 'title', text: 'Café'}])
  })

  it('windows-1252, however it is named, keeps the characters of 0x80–0x9F (curly quotes, dashes, €)', () => {
    const body = Buffer.concat([Buffer.from('<html><title>Heat pumps', 'latin1'), Buffer.from([0x97]), Buffer.from('what ', 'latin1'), Buffer.from([0x93, 0x80, 0x35, 0x94, 0x20, 0x64, 0x6f, 0x6e, 0x92, 0x74]), Buffer.from(' buy</title>', 'latin1')])
    for (const charset of ['windows-1252', 'iso-8859-1', 'latin1', 'us-ascii']) {
      expect(page(body, {headers: {'content-type': `text/html; charset=${charset}`}}).titles).toEqual([{source: 'title', text: 'Heat pumps—what “€5” don’t buy'}])
    }
  })

  it('decodes UTF-16 with a BOM', () => {
    const text = '<html><title>Café</title></html>'
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    expect(page(body, {headers: {'content-type': 'text/html'}}).titles).toEqual([{source: 'title', text: 'Café'}])
  })

  it('reads an XHTML page’s XML declaration, and undeclared bytes that are not UTF-8 as windows-1252', () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1')
    const xhtml = latin1('<?xml version="1.0" encoding="ISO-8859-1"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Café Society</title></head></html>')
    expect(page(xhtml, {headers: {'content-type': 'application/xhtml+xml'}}).titles).toEqual([{source: 'title', text: 'Café Society'}])
    // A <meta charset> past the first 1,024 bytes still names the encoding, as a browser's parser switches to it.
    const late = latin1(`<html><head><!-- ${'x'.repeat(1100)} --><meta charset="iso-8859-1"><title>Café Society</title></head></html>`)
    expect(page(late, {headers: {'content-type': 'text/html'}}).titles).toEqual([{source: 'title', text: 'Café Society'}])
    // Undeclared UTF-8, cut in the middle of a character at a read limit, is still UTF-8.
    expect(decodeBody(Buffer.from('Café ☕', 'utf8').subarray(0, 8), undefined)).toEqual({text: 'Café ', encoding: 'utf-8'})
  })

  it.each<[string, string, string]>([
    ['Shift_JIS', 'shift_jis', '東京都の人口統計 2023年版|東京都の人口は約1400万人で、日本の総人口の約11%を占めています。'],
    ['EUC-JP', 'euc-jp', '東京都の人口統計 2023年版|東京都の人口は約1400万人で、日本の総人口の約11%を占めています。'],
    ['GBK', 'gb18030', '北京市人口统计报告|北京市常住人口约为2184万人，占全国人口的百分之一点五。'],
    ['EUC-KR', 'euc-kr', '서울시 인구 통계 보고서|서울의 인구는 약 940만 명입니다. 서울특별시는 대한민국의 수도입니다.'],
    ['windows-1251', 'windows-1251', 'Население Москвы в 2023 году|Население Москвы составляет около 13 миллионов человек, по данным Росстата.']
  ])('reads an undeclared %s page in its encoding, as browsers guess it, not as windows-1252 mojibake', (_, encoding, text) => {
    const [title, body] = text.split('|')
    const bytes = cjs<typeof Iconv>('iconv-lite').encode(`<html><head><title>${title}</title></head><body><p>${body}</p></body></html>`, encoding)
    expect(page(bytes, {headers: {'content-type': 'text/html'}}).titles).toEqual([{source: 'title', text: title}])
  })

  it('keeps windows-1252 for undeclared Western text that is not UTF-8, whatever else it could be', () => {
    const bytes = cjs<typeof Iconv>('iconv-lite').encode('<html><head><title>Café “Müller” – résumé</title></head><body><p>Die Bevölkerung Zürichs beträgt über 400 000. Ça coûte 5 €.</p></body></html>', 'windows-1252')
    expect(decodeBody(bytes, 'text/html', {html: true})).toMatchObject({encoding: 'windows-1252'})
    expect(page(bytes, {headers: {'content-type': 'text/html'}}).titles).toEqual([{source: 'title', text: 'Café “Müller” – résumé'}])
  })

  it('reads a <meta charset> after a long head, but not one in the body', () => {
    const script = `<script>${'var x = 1;'.repeat(200)}</script>`
    const tokyo = Buffer.from([0x93, 0x8c, 0x8b, 0x9e]) // 東京 in Shift_JIS
    const longHead = Buffer.concat([Buffer.from(`<html><head>${script}<meta charset="shift_jis"><title>`), tokyo, Buffer.from('</title></head><body></body></html>')])
    expect(page(longHead, {headers: {'content-type': 'text/html'}}).titles).toEqual([{source: 'title', text: '東京'}])
    // A meta in the body (a code sample, an embed) is past the point a browser would act on it.
    const inBody = Buffer.concat([Buffer.from(`<html><head><title>`), tokyo, Buffer.from(`</title></head><body>${script}<meta charset="utf-8"></body></html>`)])
    expect(decodeBody(inBody, 'text/html', {html: true}).encoding).toBe('windows-1252')
  })

  it('reads a head of unclosed <meta tags in one pass', () => {
    // Each `<meta` searched the rest of the head for `charset`: 1 MB of them took half a minute (2 MB pages are read).
    const hostile = Buffer.from(`<html><head>${'<meta '.repeat(200_000)}`, 'latin1')
    const started = performance.now()
    expect(decodeBody(hostile, 'text/html', {html: true}).encoding).toBe('utf-8')
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('decodeBody reports the encoding it used', () => {
    expect(decodeBody(Buffer.from([0x43, 0xe9]), 'text/plain; charset=latin1')).toEqual({text: 'Cé', encoding: 'windows-1252'})
    expect(decodeBody(Buffer.from('x'), 'text/plain; charset=nope').encoding).toBe('utf-8')
  })
})

describe('anchors', () => {
  it('collects ids and <a name>, deduplicated, in order', () => {
    const html = doc('', '<h2 id="intro">Intro</h2><a name="old-style">x</a><div id="intro"></div><span id="">e</span><p id="user-content-notes">n</p><a name="old-style"></a>')
    expect(page(html).anchors).toEqual(['intro', 'old-style', 'user-content-notes'])
  })

  it('leaves out ids in a template, which a fragment never reaches (nor a shadow root’s, declared by one)', () => {
    const html = doc('', '<template><h2 id="row">Row</h2></template><my-card><template shadowrootmode="open"><h3 id="card-title">T</h3></template></my-card><p id="x">x</p>')
    expect(page(html).anchors).toEqual(['x'])
  })

  it('caps the list at 5,000', () => {
    const html = doc('', Array.from({length: 6000}, (_, i) => `<span id="a${i}"></span>`).join(''))
    const anchors = page(html).anchors
    expect(anchors).toHaveLength(5000)
    expect(anchors[4999]).toBe('a4999')
  })
})

describe('passages', () => {
  it('keeps visible paragraph text and leaves out scripts, navigation and chrome', () => {
    const html = doc(
      '<title>T</title><style>p { color: red }</style>',
      `<header><p>Site header text that is long enough to count.</p></header>
       <nav><ul><li>Navigation entry that is long enough</li></ul></nav>
       <main>
         <h1>The article heading is long enough</h1>
         <p>First   paragraph with <b>bold</b>, <img src="i.png" alt="">an image and <a href="#">a link</a>,<br>
            spanning lines.</p>
         <script>var text = "script text that must not show up";</script>
         <noscript><p>Please enable JavaScript to see this page.</p></noscript>
         <template><p>Template text that must not show up.</p></template>
         <ul><li>A list item that is long enough to keep.</li><li>Too short</li></ul>
         <table><tr><td>A table cell with enough text in it.</td><td>12</td></tr></table>
         <blockquote>A quotation that is long enough to keep.</blockquote>
         <figure><img src="x.png"><figcaption>A caption that is long enough to keep.</figcaption></figure>
         <dl><dt>Term</dt><dd>A definition that is long enough to keep.</dd></dl>
         <p hidden>Hidden paragraph text that must not show.</p>
         <p style="display: none">Invisible paragraph text that must not show.</p>
       </main>
       <footer><p>Copyright footer text that is long enough.</p></footer>`
    )
    expect(page(html).passages).toEqual([
      'The article heading is long enough',
      'First paragraph with bold, an image and a link, spanning lines.',
      'A list item that is long enough to keep.',
      'A table cell with enough text in it.',
      'A quotation that is long enough to keep.',
      'A caption that is long enough to keep.',
      'A definition that is long enough to keep.'
    ])
  })

  it('keeps an article header, and text directly inside divs, in reading order', () => {
    const html = doc('', '<article><header><p>Standfirst of the article, kept.</p></header><div>Loose text in a div before the list.<ul><li>Nested list item with enough text.</li></ul>Loose text after the list in the div.</div></article>')
    expect(page(html).passages).toEqual([
      'Standfirst of the article, kept.',
      'Loose text in a div before the list.',
      'Nested list item with enough text.',
      'Loose text after the list in the div.'
    ])
  })

  it('splits very long blocks at sentence ends and caps the total', () => {
    const sentence = 'This sentence is part of one enormous paragraph without any breaks. '
    const facts = page(doc('', `<p>${sentence.repeat(100)}</p>`))
    expect(facts.passages.length).toBeGreaterThan(3)
    for (const passage of facts.passages) {
      expect(passage.length).toBeLessThanOrEqual(1500)
      expect(passage.endsWith('breaks.')).toBe(true)
    }
    const huge = page(doc('', `<p>${'word '.repeat(20)}</p>`.repeat(5000)))
    const total = huge.passages.reduce((sum, passage) => sum + passage.length, 0)
    expect(total).toBeGreaterThanOrEqual(200_000)
    expect(total).toBeLessThan(202_000)
  })
})

describe('bot walls', () => {
  const challenge = '<html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/jsch/v1"></script></body></html>'
  const plain = doc('<title>Forbidden</title>', '<h1>403 Forbidden</h1>')

  it.each([
    ['cf-mitigated header', 403, {'cf-mitigated': 'challenge', server: 'cloudflare'}, plain, 'cloudflare'],
    ['cf-mitigated header on 200', 200, {'cf-mitigated': 'challenge'}, plain, 'cloudflare'],
    ['Cloudflare challenge body', 403, {server: 'cloudflare'}, challenge, 'cloudflare'],
    ['Cloudflare challenge body, 503, no headers', 503, {}, challenge, 'cloudflare'],
    ['Cloudflare challenge script alone', 403, {server: 'cloudflare'}, doc('<title>Forbidden</title>', '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a1b"></script>'), 'cloudflare'],
    ['Cloudflare block page', 403, {}, doc('<title>Attention Required! | Cloudflare</title>', '<h1 data-translate="block_headline">Sorry, you have been blocked</h1>'), 'cloudflare'],
    ['Cloudflare JS-and-cookies text', 403, {}, doc('', '<p>Enable JavaScript and cookies to continue</p>'), 'cloudflare'],
    ['Vercel header', 429, {'x-vercel-mitigated': 'challenge'}, plain, 'vercel'],
    ['Vercel deny', 403, {'x-vercel-mitigated': 'deny'}, plain, 'vercel'],
    ['Vercel checkpoint body', 403, {}, doc('<title>Vercel Security Checkpoint</title>'), 'vercel'],
    ['AWS WAF challenge', 202, {'x-amzn-waf-action': 'challenge'}, '', 'aws-waf'],
    ['AWS WAF captcha', 405, {'x-amzn-waf-action': 'captcha'}, '', 'aws-waf'],
    ['Akamai server 403', 403, {server: 'AkamaiGHost'}, plain, 'akamai'],
    ['Akamai Access Denied text', 403, {}, doc('<title>Access Denied</title>', '<h1>Access Denied</h1>You don\'t have permission to access. Reference #18.2d351ab8.1700000000.5e5f'), 'akamai'],
    ['Access Denied + Reference on a Cloudflare host', 403, {server: 'cloudflare'}, doc('<title>Access Denied</title>', 'Reference #123'), 'cloudflare'],
    ['Access Denied + Reference, no vendor', 403, {server: 'nginx'}, doc('<title>Access Denied</title>', 'Reference #42'), 'unknown'],
    ['DataDome header', 403, {'x-datadome': 'protected', 'x-dd-b': '2'}, plain, 'datadome'],
    ['DataDome x-dd-b only', 403, {'x-dd-b': '1'}, plain, 'datadome'],
    ['DataDome body', 403, {}, doc('', '<iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe>'), 'datadome'],
    ['PerimeterX', 403, {}, doc('<title>Access to this page has been denied</title>', '<script>window._pxAppId = "PXabc";</script><div id="px-captcha"></div>'), 'perimeterx'],
    ['Imperva', 403, {'x-iinfo': '1-2-3'}, doc('', '<iframe src="/_Incapsula_Resource?CWUDNSAI=1"></iframe>Request unsuccessful. Incapsula incident ID: 123-456'), 'imperva'],
    ['Imperva block as 404', 404, {'x-iinfo': '1-2-3'}, doc('', 'Incapsula incident ID: 123-456'), 'imperva'],
    ['Sucuri header', 403, {'x-sucuri-id': '1', server: 'Sucuri/Cloudproxy'}, plain, 'sucuri'],
    ['Sucuri body', 403, {}, doc('<title>Sucuri WebSite Firewall - Access Denied</title>'), 'sucuri'],
    ['LinkedIn 999', 999, {}, '', 'linkedin'],
    ['Anubis challenge on 200', 200, {}, doc('<title>Making sure you are not a bot!</title>', '<script id="anubis_challenge" type="application/json">{}</script>'), 'anubis'],
    ['Checking your browser, unsigned', 503, {}, doc('<title>Please wait</title>', 'Checking your browser before accessing the site.'), 'unknown'],
    ['Checking your browser behind Cloudflare', 503, {'cf-ray': 'abc'}, doc('', 'Checking your browser before accessing the site.'), 'cloudflare'],
    ['Reddit network security', 403, {}, doc('', "You've been blocked by network security."), 'reddit'],
    ['F5 block page on 200', 200, {}, "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: 14396929317839226498</body></html>", 'f5'],
    ['Amazon robot check on 200', 200, {}, doc('<title dir="ltr">Amazon.com</title>', '<h4>Type the characters you see in this image:</h4><form method="get" action="/errors/validateCaptcha" name=""><input name="field-keywords"></form>'), 'amazon']
  ])('%s → %s', (_, status, headers, body, vendor) => {
    expect(page(body, {status, headers: {'content-type': 'text/html', ...headers}}).botWall).toBe(vendor)
  })

  it.each([
    ['200 behind Cloudflare', 200, {server: 'cloudflare', 'cf-ray': '8a1b'}, doc('<title>Normal</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>', longText)],
    ['200 with a DataDome cookie', 200, {'set-cookie': 'datadome=abc; Path=/', 'x-datadome': 'protected'}, doc('<title>Normal</title>', longText)],
    ['200 with PerimeterX script', 200, {}, doc('<script>window._pxAppId="PX1"</script>', longText)],
    ['200 with Incapsula script', 200, {'x-iinfo': '1'}, doc('<script src="/_Incapsula_Resource?SWJIYLWA=1"></script>', longText)],
    ['200 on AkamaiGHost', 200, {server: 'AkamaiGHost'}, doc('<title>Normal</title>', longText)],
    ['plain 403', 403, {server: 'nginx'}, plain],
    ['403 behind Cloudflare with its detection script', 403, {server: 'cloudflare', 'cf-ray': '8a1b'}, doc('<title>Forbidden</title><script>a.src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"</script>', '<h1>403 Forbidden</h1>')],
    ['403 behind Cloudflare with its detection script, versioned', 403, {server: 'cloudflare', 'cf-ray': '8a1b'}, doc(`<title>Forbidden</title><script>a.src='/cdn-cgi/challenge-platform/h/b/scripts/jsd/13c98df4ef2d/main.js'</script>`, '<h1>403 Forbidden</h1>')],
    ['plain 429', 429, {}, 'Too many requests'],
    ['article quoting F5\'s block page', 200, {}, doc('<title>Fixing “Request Rejected” errors | Blog</title>', '<blockquote>The requested URL was rejected. Please consult with your administrator.</blockquote>' + longText)],
    ['article about Cloudflare challenges', 200, {}, doc('<title>Just a moment...</title>', 'Checking your browser explained')],
    ['marker after the first 16 KB', 403, {}, doc('', `<p>${'x'.repeat(20_000)}</p><title>Just a moment...</title>`)]
  ])('%s is not a wall', (_, status, headers, body) => {
    expect(page(body, {status, headers: {'content-type': 'text/html', ...headers}}).botWall).toBeUndefined()
  })

  it('reads bot-wall headers on non-HTML responses too', () => {
    expect(page('error code: 1020', {status: 403, headers: {'content-type': 'text/plain'}}).botWall).toBe('cloudflare')
    expect(page('{}', {status: 403, headers: {'content-type': 'application/json', 'cf-mitigated': 'challenge'}}).botWall).toBe('cloudflare')
  })
})

describe('paywall', () => {
  it.each([
    ['isAccessibleForFree false', 200, url, doc('<script type="application/ld+json">{"@type":"NewsArticle","headline":"H","isAccessibleForFree":false}</script>', longText), 'JSON-LD isAccessibleForFree: false'],
    ['isAccessibleForFree "False"', 200, url, doc('<script type="application/ld+json">{"@graph":[{"@type":"Article","isAccessibleForFree":"False"}]}</script>'), 'JSON-LD isAccessibleForFree: false'],
    ['hasPart', 200, url, doc('<script type="application/ld+json">{"@type":"Article","isAccessibleForFree":true,"hasPart":{"@type":"WebPageElement","isAccessibleForFree":false,"cssSelector":".paywall"}}</script>'), 'JSON-LD hasPart isAccessibleForFree: false (.paywall)'],
    ['microdata', 200, url, doc('', '<div itemscope itemtype="https://schema.org/Article"><meta itemprop="isAccessibleForFree" content="false"></div>'), 'microdata isAccessibleForFree: false'],
    ['401 with WWW-Authenticate', 401, url, '', '401 with WWW-Authenticate'],
    ['402', 402, url, '', '402 Payment Required'],
    ['Sign in title', 200, url, doc('<title>Sign In | Example Journal</title>'), 'login title “Sign In | Example Journal”'],
    ['Log into title', 200, url, doc('<title>Log into Facebook</title>'), 'login title “Log into Facebook”'],
    ['Log in h1', 200, url, doc('', '<h1>Log in to your account</h1>'), 'login h1 “Log in to your account”'],
    ['Subscribe to continue', 403, url, doc('<title>Subscribe to continue</title>'), 'login title “Subscribe to continue”'],
    ['Subscription required', 200, url, doc('<title>Subscription required – Example</title>'), 'login title “Subscription required – Example”'],
    ['Create an account', 200, url, doc('<title>Create an account to continue</title>'), 'login title “Create an account to continue”'],
    ['Purchase access', 200, url, doc('<title>Purchase access</title>'), 'login title “Purchase access”'],
    ['Institutional login', 200, url, doc('', '<h1>Institutional login</h1>'), 'login h1 “Institutional login”'],
    ['login form on a thin page', 200, url, doc('<title>Example</title>', '<form><input name="user"><input type="password" name="pw"></form>'), 'login form'],
    ['/login URL', 200, 'https://example.org/login?next=/x', doc('<title>Example</title>'), 'login URL /login'],
    ['/account/login URL', 200, 'https://example.org/account/login', doc('<title>Example</title>'), 'login URL /account/login'],
    ['/signin.html URL', 200, 'https://example.org/signin.html', doc('<title>Example</title>'), 'login URL /signin.html'],
    ['/subscribe URL', 200, 'https://news.example/subscribe/', doc('<title>Example</title>'), 'login URL /subscribe/'],
    ['returnUrl query', 200, 'https://example.org/auth?returnUrl=%2Farticle', doc('<title>Example</title>'), 'login URL with returnUrl='],
    ['redirect_uri query', 200, 'https://example.org/oauth/authorize?redirect_uri=x', doc('<title>Example</title>'), 'login URL with redirect_uri='],
    ['login host', 200, 'https://login.example.com/', doc('<title>Example</title>'), 'login host login.example.com'],
    ['paywall wording', 200, url, doc('<title>Story</title>', '<p>Subscribe to continue reading this story and more.</p>'), 'paywall wording “subscribe to continue reading”']
  ])('%s', (_, status, finalUrl, body, reason) => {
    const headers: Record<string, string> = {'content-type': 'text/html'}
    if (status === 401) headers['www-authenticate'] = 'Basic realm="x"'
    expect(page(body, {status, url: finalUrl, headers}).paywall).toBe(reason)
  })

  it.each([
    ['free article', doc('<title>How to sign in to Gmail</title><script type="application/ld+json">{"@type":"Article","isAccessibleForFree":true}</script>', longText)],
    ['title starting with Login but about something else', doc('<title>Login security best practices | Blog</title>', longText)],
    ['login box in a long page', doc('<title>Forum thread</title>', `<form><input type="password"></form>${longText}`)],
    ['newsletter signup', doc('<title>Article</title>', `<form><input type="email"><button>Subscribe</button></form>${longText}`)]
  ])('%s is not a paywall', (_, body) => {
    expect(page(body).paywall).toBeUndefined()
  })

  it('a login title on a short page is a wall in the cited page\'s place; on a long page, or at a sign-in address, it is not', () => {
    const facebook = page(doc('<title>Log into Facebook</title>', '<form><input name="email"><input type="password"></form>'))
    expect(wallTitle(facebook, url)).toBe('Log into Facebook')
    const barrier = page(doc('<title>Subscribe to read | Financial Times</title>', '<h1>Subscribe to unlock this article</h1><p>Try unlimited access.</p>'))
    expect(wallTitle(barrier, url)).toBe('Subscribe to read | Financial Times')
    // Apple's guide to its sign-in; a sign-in page cited as itself.
    expect(wallTitle(page(doc('<title>Sign in with Apple - Apple Developer</title>', longText)), url)).toBeUndefined()
    expect(wallTitle(facebook, 'https://www.facebook.com/login/')).toBeUndefined()
    expect(wallTitle(page(doc('<title>Login security best practices</title>')), url)).toBeUndefined()
    // A help article titled as a sign-in is, without a sign-in form; a sign-in shell whose script draws the form.
    const help = '<h1>Sign in to Gmail</h1><p>To open Gmail, you can sign in from a computer or add your account to the Gmail app on your phone or tablet.</p><ol><li>On your computer, go to gmail.com.</li><li>Enter your Google Account email or phone number and password.</li><li>If you need to sign in to a different account, click Use another account.</li></ol><p>Tip: If you sign in to a public computer, make sure to sign out before you leave the computer.</p>'
    expect(wallTitle(page(doc('<title>Sign in to Gmail - Computer - Gmail Help</title>', help)), url)).toBeUndefined()
    const shell = page(doc('<title>Sign in · Acme Wiki</title>', '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>'))
    expect(wallTitle(shell, url)).toBe('Sign in · Acme Wiki')
  })

  it('a short domain that starts like a login host is not one', () => {
    expect(page(doc('<title>Aristotle University</title>', longText), {url: 'https://auth.gr/en'}).paywall).toBeUndefined()
  })
})

describe('not found', () => {
  // Error pages are thin: certain there; on a page with some text only likely (the sibling probe decides).
  it.each([
    ['Page not found title', doc('<title>Page not found | Example</title>'), 'title “Page not found | Example”'],
    ['404 title', doc('<title>404</title>'), 'title “404”'],
    ['Error 404 - Not Found', doc('<title>Error 404 - Not Found</title>'), 'title “Error 404 - Not Found”'],
    ['Oops h1', doc('<title>Example</title>', '<h1>Oops! That page can’t be found.</h1>'), 'h1 “Oops! That page can’t be found.”'],
    ['does not exist', doc('<title>This page does not exist – Example</title>'), 'title “This page does not exist – Example”'],
    ['no longer available', doc('<title>Sorry, this page is no longer available</title>'), 'title “Sorry, this page is no longer available”'],
    ['nothing was found', doc('', '<h1>Nothing was found</h1>'), 'h1 “Nothing was found”'],
    ['German', doc('<title>Seite nicht gefunden - Beispiel GmbH</title>'), 'title “Seite nicht gefunden - Beispiel GmbH”'],
    ['Spanish', doc('<title>Página no encontrada</title>'), 'title “Página no encontrada”'],
    ['French', doc('<title>Page introuvable | Le Site</title>'), 'title “Page introuvable | Le Site”'],
    ['Italian', doc('<title>Pagina non trovata</title>'), 'title “Pagina non trovata”'],
    ['Japanese', doc('<title>お探しのページが見つかりません</title>'), 'title “お探しのページが見つかりません”'],
    // Not known: only the likely sign of the sibling probe's same page was left, a warning for a gone page.
    ['Swedish', doc('<title>Sidan kunde inte hittas – Exempel AB</title>'), 'title “Sidan kunde inte hittas – Exempel AB”'],
    ['Danish', doc('<title>Siden blev ikke fundet</title>'), 'title “Siden blev ikke fundet”'],
    ['Finnish', doc('<title>Sivua ei löytynyt</title>'), 'title “Sivua ei löytynyt”'],
    ['Polish, another wording', doc('<title>Strona nie została znaleziona</title>'), 'title “Strona nie została znaleziona”'],
    ['Czech', doc('<title>Stránka nenalezena | Příklad</title>'), 'title “Stránka nenalezena | Příklad”'],
    ['Greek', doc('<title>Η σελίδα δεν βρέθηκε</title>'), 'title “Η σελίδα δεν βρέθηκε”'],
    ['Indonesian', doc('<title>Halaman tidak ditemukan</title>'), 'title “Halaman tidak ditemukan”'],
    ['Chinese, another wording', doc('<title>找不到网页</title>'), 'title “找不到网页”'],
    // Read as three words at its vowel and tone marks, the rest of the line was too much for one: only likely.
    ['Thai', doc('<title>ไม่พบหน้าที่คุณต้องการ</title>'), 'title “ไม่พบหน้าที่คุณต้องการ”'],
    ['“Error” beside a bare 404, in Polish', doc('<title>Błąd 404 | Sklep</title>'), 'title “Błąd 404 | Sklep”'],
    // The title's likely sign was taken before the heading was read: a warning for a gone page.
    ['h1 after a title that only contains a phrase', doc('<title>Error: Gone Post not found | Blog</title>', '<h1>Page not found</h1>'), 'h1 “Page not found”']
  ])('certain: %s', (_, body, reason) => {
    expect(page(body).notFound).toEqual({reason, certain: true})
  })

  it.each([
    ['a short title with the phrase on a thin page', doc('<title>Sorry, the article you want was not found</title>'), 'title “Sorry, the article you want was not found”'],
    ['a how-to titled with the phrase', doc('<title>How to Fix 404 Errors in Nginx</title>', '<p>Check the root directive first.</p>'), 'title “How to Fix 404 Errors in Nginx”'],
    ['a not-found title on a page with some text', doc('<title>Page Not Found</title>', longText), 'title “Page Not Found”'],
    // A word beside a bare 404 made a not-found line: a thin page about the car was removed as an error.
    ['a car named 404 on a thin page', doc('<title>Peugeot 404 | Classic Cars</title>', '<h1>Peugeot 404</h1>'), 'title “Peugeot 404 | Classic Cars”'],
    ['a Q&A titled with the line', doc('<title>nginx - 404 Not Found - Q&amp;A</title>', longText), 'title “nginx - 404 Not Found - Q&A”'],
    ['body wording on a thin page', doc('<title>Example</title>', '<p>The page you are looking for might have been removed.</p>'), 'page text “the page you are looking for”'],
    // Only the words written out were known: “the page you’re looking for”, as many error pages put it, passed.
    ['body wording with a contraction', doc('<title>Example</title>', '<h1>Oops!</h1><p>We can’t seem to find the page you’re looking for.</p>'), 'page text “the page you\'re looking for”'],
    ['body wording: we could not find the page', doc('<title>Example</title>', '<p>Sorry, we could not find the page.</p>'), 'page text “we could not find the page”']
  ])('likely: %s', (_, body, reason) => {
    expect(page(body).notFound).toEqual({reason, certain: false})
  })

  it.each([
    ['/404.html', 'https://example.org/404.html', 'URL path /404.html'],
    ['/errors/404/', 'https://example.org/errors/404/?from=x', 'URL path /errors/404/'],
    ['/404', 'https://example.org/404', 'URL path /404'],
    ['/en/404', 'https://example.org/en/404', 'URL path /en/404'],
    ['notfound', 'https://example.org/NotFound.aspx', 'URL path /NotFound.aspx'],
    ['not-found', 'https://example.org/page-not-found', 'URL path /page-not-found'],
    ['error404', 'https://example.org/error404', 'URL path /error404'],
    ['aspxerrorpath', 'https://example.org/error.aspx?aspxerrorpath=/x', 'URL with aspxerrorpath=']
  ])('final URL %s: certain on a thin page, likely on one with some text', (_, finalUrl, reason) => {
    expect(page(doc('<title>Example</title>'), {url: finalUrl}).notFound).toEqual({reason, certain: true})
    expect(page(doc('<title>Example</title>', longText), {url: finalUrl}).notFound).toEqual({reason, certain: false})
  })

  const veryLong = longText.repeat(2)
  it.each([
    ['404 errors explained and how to fix them', doc('<title>404 errors explained and how to fix them</title>', veryLong)],
    ['a long article titled with a phrase', doc('<title>Why the Higgs was not found sooner</title>', veryLong)],
    ['a long page at a not-found URL', doc('<title>not-found.js</title>', veryLong), 'https://example.org/docs/conventions/not-found'],
    ['HTTP 404 - Wikipedia', doc('<title>HTTP 404 - Wikipedia</title>', '<p>In computer network communications, the HTTP 404 status code is returned by servers.</p>')],
    ['MDN 404 page', doc('<title>404 Not Found - HTTP | MDN</title>', '<h1>404 Not Found</h1>')],
    ['a page about the status at /404', doc('<title>HTTP 404 status code explained</title>'), 'https://example.org/en/404'],
    ['MDN 404 URL', doc('<title>Status</title>', longText), 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/404'],
    ['a deep 404 with a trailing slash', doc('<title>Status</title>'), 'https://example.org/docs/http/status/404/'],
    ['a Q&A slug', doc('<title>Question</title>', longText), 'https://example.org/questions/123/nginx-404-not-found'],
    ['a 4040 page', doc('<title>Model 4040 manual</title>')],
    // A short issue numbered 404 was removed as an error: 'Issue #404' was read as a not-found line.
    ['a short GitHub issue #404', doc('<title>Crash on empty input · Issue #404 · acme/widget · GitHub</title>', '<h1>Crash on empty input #404</h1><p>Calling parse("") throws.</p>'), 'https://github.com/acme/widget/issues/404'],
    // 'ไม่พบหน้า' is also "not seeing each other": a thin lyrics page was flagged as a likely soft 404.
    ['a Thai song titled “Not seeing each other”', doc('<title>ไม่พบหน้ากัน | เนื้อเพลง</title>', '<h1>ไม่พบหน้ากัน</h1>')],
    ['a pull request #404', doc('<title>Fix typo · Pull Request #404 · acme/widget · GitHub</title>', '<h1>Fix typo #404</h1>'), 'https://github.com/acme/widget/pull/404'],
    ['an ordinary page', doc('<title>Normal article</title>', longText)]
  ])('%s is not a not-found page', (_, body, finalUrl = url) => {
    expect(page(body, {url: finalUrl}).notFound).toBeUndefined()
  })
})

describe('refresh', () => {
  it.each([
    ['0; url=/next', 'https://example.org/next'],
    ['0;URL=https://other.example/x', 'https://other.example/x'],
    ["5; url='quoted page.html'", 'https://example.org/articles/quoted%20page.html'],
    ['0; URL="a?b=1&c=2"', 'https://example.org/articles/a?b=1&c=2'],
    ['0,next', 'https://example.org/articles/next'],
    ['  3 ;  url = ../up  ', 'https://example.org/up']
  ])('meta %s', (content, target) => {
    expect(page(doc(`<meta http-equiv="Refresh" content="${content.replace(/"/g, '&quot;')}">`)).refresh).toBe(target)
  })

  it.each([
    ['a plain reload', '30'],
    ['no delay', 'url=/x'],
    ['javascript target', '0; url=javascript:alert(1)'],
    ['the page itself', `0; url=${url}`],
    // A news page that reloads itself, to the home page, after 15 minutes: read, not left.
    ['a reload after more than 30 s', '900; url=/'],
    ['a reload after 30.5 s', '30.5; url=/']
  ])('ignores %s', (_, content) => {
    expect(page(doc(`<meta http-equiv="refresh" content="${content}">`)).refresh).toBeUndefined()
  })

  it('ignores a refresh inside <noscript>, honours <base>, reads the header', () => {
    expect(page(doc('<noscript><meta http-equiv="refresh" content="0; url=/nojs"></noscript>')).refresh).toBeUndefined()
    expect(page(doc('<noscript><meta http-equiv="refresh" content="0; url=/nojs"></noscript><script>location.replace("/app")</script>')).refresh).toBeUndefined()
    // Unless the page's script sends every reader there too: sphinx-reredirects' stub.
    const stub = '<html><head><noscript><meta http-equiv="refresh" content="0; url=../guide/new.html" /></noscript><script>var target = "../guide/new.html";if (window.location.hash) {window.location.replace(target + window.location.hash);} else {window.location.replace(target);}</script></head></html>'
    expect(page(stub, {url: 'https://docs.example.org/en/old/page.html'}).refresh).toBe('https://docs.example.org/en/guide/new.html')
    expect(page(doc('<base href="https://cdn.example/dir/"><meta http-equiv="refresh" content="0; url=page">')).refresh).toBe('https://cdn.example/dir/page')
    expect(page(doc(''), {headers: {'content-type': 'text/html', refresh: '0; url=/moved'}}).refresh).toBe('https://example.org/moved')
    expect(page(Buffer.alloc(0), {headers: {'content-type': 'application/pdf', refresh: '1;url=/pdf'}}).refresh).toBe('https://example.org/pdf')
  })

  it('parseRefresh follows the HTML steps', () => {
    expect(parseRefresh('0; url="x y" trailing')).toBe('x y')
    expect(parseRefresh("0; url='unterminated")).toBe('unterminated')
    expect(parseRefresh('abc; url=x')).toBeUndefined()
    expect(parseRefresh('1.5; url=x')).toBe('x')
    expect(parseRefresh('30; url=x')).toBe('x')
  })
})

describe('robustness', () => {
  const empty = {titles: [], anchors: [], siteName: undefined, botWall: undefined, paywall: undefined, notFound: undefined, refresh: undefined, passages: []}

  it('a PDF is not parsed', () => {
    const body = Buffer.from('%PDF-1.7\n<html><title>not this</title></html>', 'latin1')
    expect(page(body, {headers: {'content-type': 'application/pdf'}})).toEqual({...empty, contentType: 'application/pdf', truncated: false})
  })

  it('sniffs untyped bodies', () => {
    expect(page('  <!DOCTYPE html><title>Sniffed</title>', {headers: {}}).titles).toEqual([{source: 'title', text: 'Sniffed'}])
    expect(page('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><title>X</title></html>', {headers: {}}).titles).toEqual([{source: 'title', text: 'X'}])
    expect(page('plain words, <title>not html</title>', {headers: {}}).titles).toEqual([])
    expect(page('<title>Plain</title>', {headers: {'content-type': 'text/plain'}}).titles).toEqual([])
  })

  it('sniffs an untyped body of many comments at once, whatever follows them', () => {
    // Each run of comments could be split many ways: 40 of them hung the process before.
    expect(page('<!---->'.repeat(140) + 'plain text, not a page', {headers: {}}).titles).toEqual([])
    expect(page('<!-- a -->\n'.repeat(80) + '<title>Sniffed</title>', {headers: {}}).titles).toEqual([{source: 'title', text: 'Sniffed'}])
  })

  it('reads application/xhtml+xml', () => {
    expect(page('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>X</title></head></html>', {headers: {'content-type': 'application/xhtml+xml'}}).titles).toEqual([{source: 'title', text: 'X'}])
  })

  it('an empty body', () => {
    expect(page('')).toEqual({...empty, contentType: 'text/html; charset=utf-8', truncated: false})
    expect(page('', {headers: {}})).toEqual({...empty, contentType: undefined, truncated: false})
  })

  it('broken HTML and garbage bytes', () => {
    const broken = '<html><head><title>Broken <b>page</title><body><p>Unclosed paragraph with enough text<div><p id=x>Another <i>unclosed <table><td>cell text long enough to keep</ta'
    const facts = page(broken, {truncated: true})
    expect(facts.titles[0]).toEqual({source: 'title', text: 'Broken <b>page'})
    expect(facts.anchors).toEqual(['x'])
    expect(facts.passages).toContain('Unclosed paragraph with enough text')
    expect(facts.truncated).toBe(true)
    const junk = Buffer.from(Array.from({length: 50_000}, (_, i) => (i * 7919 + 13) % 256))
    expect(() => page(junk)).not.toThrow()
    expect(() => page(junk, {headers: {}})).not.toThrow()
    expect(() => page('<<<>>><!--<script><![CDATA[</p></script>&#xFFFFFFF;&bogus;<a name=>', {status: 403})).not.toThrow()
  })

  it('deeply nested elements do not overflow the stack', () => {
    const facts = page(`<h1>${'<div>'.repeat(200_000)}deep heading text</h1>`)
    expect(facts.titles).toEqual([{source: 'h1', text: 'deep heading text'}])
  })

  it('an unclosed <title> or <h1> does not make a page-long title', () => {
    const rest = '<p>Some paragraph text that goes on and on.</p>'.repeat(5000)
    const title = page(`<html><head><title>Unclosed ${rest}`).titles
    expect(title[0]?.source).toBe('title')
    expect(title[0]?.text.length).toBeLessThanOrEqual(1000)
    const h1 = page(`<html><body><h1>Unclosed heading ${rest}`).titles
    expect(h1[0]?.source).toBe('h1')
    expect(h1[0]?.text.length).toBeLessThanOrEqual(1000)
  })

  it('deeply nested JSON-LD is ignored past a depth, not a crash', () => {
    const deep = `${'['.repeat(100_000)}{"@type":"Article","headline":"Deep"}${']'.repeat(100_000)}`
    expect(() => page(doc(`<script type="application/ld+json">${deep}</script>`))).not.toThrow()
  })

  it('a 2 MB page completes', () => {
    const paragraph = '<p id="p">A paragraph of ordinary text, repeated to fill two megabytes of HTML &amp; entities.</p>\n'
    const html = doc('<title>Big</title>', paragraph.repeat(Math.ceil((2 * 1024 * 1024) / paragraph.length)))
    expect(html.length).toBeGreaterThan(2 * 1024 * 1024)
    const facts = page(html, {truncated: true})
    expect(facts.titles).toEqual([{source: 'title', text: 'Big'}])
    expect(facts.anchors).toEqual(['p'])
    expect(facts.passages.length).toBeGreaterThan(1000)
  })

  it('accepts header names in any case', () => {
    expect(page(doc(''), {status: 403, headers: {'Content-Type': 'text/html', 'CF-Mitigated': 'challenge'}}).botWall).toBe('cloudflare')
  })
})
