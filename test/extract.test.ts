// Table tests for src/extract: Markdown / GFM / MDX in, Citation[] out, exact places.

import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {describe, expect, it} from 'vitest'
import {extractCitations, type ExtractOptions} from '../src/extract/index.js'
import {linkedUrls} from '../src/extract/linked-urls.js'
import {normalizeUrl} from '../src/extract/normalize.js'
import {readsLikeTitle, wordCount} from '../src/extract/cited-title.js'
import {findBareUrls, scanBareUrls} from '../src/extract/bare-urls.js'
import type {Citation} from '../src/types.js'

type Syntax = 'md' | 'gfm' | 'mdx'

function extract(
  markdown: string,
  syntax: Syntax = 'md',
  options: Partial<ExtractOptions> = {}
): {citations: Citation[]; source: string} {
  const file = new VFile(markdown)
  const processor = unified().use(remarkParse)
  if (syntax === 'gfm') processor.use(remarkGfm)
  if (syntax === 'mdx') processor.use(remarkMdx)
  const tree = processor.parse(file)
  const citations = extractCitations(tree, file, {skip: [], jsxAttributes: {a: ['href']}, ...options})
  return {citations, source: markdown}
}

/** What a row expects of one citation; `written` is the source text at `place`. */
interface Expected {
  kind: Citation['kind']
  url: string
  written: string
  start: [line: number, column: number]
  end: [line: number, column: number]
  citedTitle?: string
  claim?: string
  normalizedUrl?: string | null
  fragment?: string
  placeIsUrl?: boolean
}

interface Row {
  name: string
  markdown: string
  syntax?: Syntax
  options?: Partial<ExtractOptions>
  expected: Expected[]
}

/** The comparable view of a citation, with the source text its place covers. */
function view(citation: Citation, source: string, wanted: Expected): Expected {
  const {place} = citation
  const result: Expected = {
    kind: citation.kind,
    url: citation.url,
    written: source.slice(place.start.offset, place.end.offset),
    start: [place.start.line, place.start.column],
    end: [place.end.line, place.end.column],
    citedTitle: citation.citedTitle,
    claim: citation.claim
  }
  if ('normalizedUrl' in wanted) result.normalizedUrl = citation.normalizedUrl ?? null
  if ('fragment' in wanted) result.fragment = citation.fragment
  result.placeIsUrl = citation.placeIsUrl
  return result
}

function withDefaults(expected: Expected): Expected {
  return {
    citedTitle: undefined,
    claim: undefined,
    placeIsUrl: expected.kind !== 'reference',
    ...expected
  }
}

const rows: Row[] = [
  // Inline links
  {
    name: 'inline link with angle destination, title and rich text',
    markdown: 'See [the *Foo* [x] `c` page](<https://a.b/c d> "Some Title") now.',
    expected: [
      {
        kind: 'link',
        url: 'https://a.b/c d',
        normalizedUrl: 'https://a.b/c%20d',
        written: 'https://a.b/c d',
        start: [1, 31],
        end: [1, 46],
        citedTitle: 'Some Title',
        claim: 'See the Foo [x] c page now.'
      }
    ]
  },
  {
    name: 'empty link text',
    markdown: 'A [](https://x.y) b.',
    expected: [
      {kind: 'link', url: 'https://x.y', written: 'https://x.y', start: [1, 6], end: [1, 17], claim: 'A b.'}
    ]
  },
  {
    name: 'title-like text with a fragment',
    markdown: 'Read [The Art of War](https://Example.com/art#ch1) today.',
    expected: [
      {
        kind: 'link',
        url: 'https://Example.com/art#ch1',
        normalizedUrl: 'https://example.com/art',
        fragment: 'ch1',
        written: 'https://Example.com/art#ch1',
        start: [1, 23],
        end: [1, 50],
        citedTitle: 'The Art of War',
        claim: 'Read The Art of War today.'
      }
    ]
  },
  {
    name: 'generic link text is no title; a paragraph of only the link has no claim',
    markdown: '[click here](https://example.com/a)',
    expected: [
      {kind: 'link', url: 'https://example.com/a', written: 'https://example.com/a', start: [1, 14], end: [1, 35]}
    ]
  },
  {
    name: 'escapes in the destination: url unescaped, place as written',
    markdown: 'Esc [a](https://x.com/a\\_b\\(c\\)).',
    expected: [
      {
        kind: 'link',
        url: 'https://x.com/a_b(c)',
        written: 'https://x.com/a\\_b\\(c\\)',
        start: [1, 9],
        end: [1, 32],
        claim: 'Esc a.'
      }
    ]
  },
  {
    name: 'balanced parentheses in destination, parenthesised title',
    markdown: 'P [a [b] c](https://y.com/(p) (Paren Title)).',
    expected: [
      {
        kind: 'link',
        url: 'https://y.com/(p)',
        written: 'https://y.com/(p)',
        start: [1, 13],
        end: [1, 30],
        citedTitle: 'Paren Title',
        claim: 'P a [b] c.'
      }
    ]
  },
  {
    name: 'destination on the next line inside a blockquote',
    markdown: '> Quoted [The Big Report](\n> https://q.com/r).',
    expected: [
      {
        kind: 'link',
        url: 'https://q.com/r',
        written: 'https://q.com/r',
        start: [2, 3],
        end: [2, 18],
        citedTitle: 'The Big Report',
        claim: 'Quoted The Big Report.'
      }
    ]
  },
  {
    name: 'malformed URLs come back with normalizedUrl undefined',
    markdown: '[m](<https://exa mple.com>) and [n](http://[::1).',
    expected: [
      {
        kind: 'link',
        url: 'https://exa mple.com',
        normalizedUrl: null,
        written: 'https://exa mple.com',
        start: [1, 6],
        end: [1, 26],
        claim: 'm and n.'
      },
      {
        kind: 'link',
        url: 'http://[::1',
        normalizedUrl: null,
        written: 'http://[::1',
        start: [1, 37],
        end: [1, 48],
        claim: 'm and n.'
      }
    ]
  },
  {
    name: 'unsafe schemes in destinations are extracted for the safety rule',
    markdown: '[j](javascript:alert(1)) [f](file:///etc/passwd) [t](ftp://x.com/f) [d](data:text/html,hi)',
    expected: [
      {kind: 'link', url: 'javascript:alert(1)', written: 'javascript:alert(1)', start: [1, 5], end: [1, 24], claim: 'j f t d'},
      {kind: 'link', url: 'file:///etc/passwd', written: 'file:///etc/passwd', start: [1, 30], end: [1, 48], claim: 'j f t d'},
      {kind: 'link', url: 'ftp://x.com/f', written: 'ftp://x.com/f', start: [1, 54], end: [1, 67], claim: 'j f t d'},
      {kind: 'link', url: 'data:text/html,hi', written: 'data:text/html,hi', start: [1, 73], end: [1, 90], claim: 'j f t d'}
    ]
  },

  // Reference-style
  {
    name: 'reference uses and definitions, in source order',
    markdown: [
      'Cats purr [Feline Sounds][cats]. Dogs bark [dogs].',
      '',
      '[cats]: https://example.com/cats "Cat Study"',
      '[dogs]: <https://example.com/dogs>',
      '[unused]: https://example.com/unused'
    ].join('\n'),
    expected: [
      {
        kind: 'reference',
        url: 'https://example.com/cats',
        written: '[Feline Sounds][cats]',
        start: [1, 11],
        end: [1, 32],
        citedTitle: 'Cat Study',
        claim: 'Cats purr Feline Sounds.'
      },
      {
        kind: 'reference',
        url: 'https://example.com/dogs',
        written: '[dogs]',
        start: [1, 44],
        end: [1, 50],
        claim: 'Dogs bark dogs.'
      },
      {
        kind: 'definition',
        url: 'https://example.com/cats',
        written: 'https://example.com/cats',
        start: [3, 9],
        end: [3, 33],
        citedTitle: 'Cat Study'
      },
      {
        kind: 'definition',
        url: 'https://example.com/dogs',
        written: 'https://example.com/dogs',
        start: [4, 10],
        end: [4, 34]
      },
      {
        kind: 'definition',
        url: 'https://example.com/unused',
        written: 'https://example.com/unused',
        start: [5, 11],
        end: [5, 37]
      }
    ]
  },
  {
    name: 'a reference whose text reads like a title; escaped definition URL',
    markdown: 'See [The Real Title][r].\n\n[r]: https://r.com/a\\_b',
    expected: [
      {
        kind: 'reference',
        url: 'https://r.com/a_b',
        written: '[The Real Title][r]',
        start: [1, 5],
        end: [1, 24],
        citedTitle: 'The Real Title',
        claim: 'See The Real Title.'
      },
      {kind: 'definition', url: 'https://r.com/a_b', written: 'https://r.com/a\\_b', start: [3, 6], end: [3, 24]}
    ]
  },

  // Autolinks, literals, bare URLs
  {
    name: 'autolink without its angle brackets',
    markdown: 'Docs: <https://auto.example/x>.',
    expected: [
      {
        kind: 'autolink',
        url: 'https://auto.example/x',
        written: 'https://auto.example/x',
        start: [1, 8],
        end: [1, 30],
        claim: 'Docs: https://auto.example/x.'
      }
    ]
  },
  {
    name: 'GFM autolink literals: www. gains http:// in url, place is the literal',
    syntax: 'gfm',
    markdown: 'Visit www.example.com and https://en.wikipedia.org/wiki/Foo_(bar).',
    expected: [
      {
        kind: 'literal',
        url: 'http://www.example.com',
        written: 'www.example.com',
        start: [1, 7],
        end: [1, 22],
        claim: 'Visit www.example.com and https://en.wikipedia.org/wiki/Foo_(bar).'
      },
      {
        kind: 'literal',
        url: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        written: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        start: [1, 27],
        end: [1, 66],
        claim: 'Visit www.example.com and https://en.wikipedia.org/wiki/Foo_(bar).'
      }
    ]
  },
  {
    name: 'GFM autolink literals end where bare URLs do: a closing curly quote, an ellipsis, CJK punctuation and text',
    syntax: 'gfm',
    markdown: 'He said “https://example.com/q1” and (www.example.com/w…) 日本語（https://example.com/jp）です。',
    expected: [
      {kind: 'literal', url: 'https://example.com/q1', written: 'https://example.com/q1', start: [1, 10], end: [1, 32]},
      {kind: 'literal', url: 'http://www.example.com/w', written: 'www.example.com/w', start: [1, 39], end: [1, 56]},
      {kind: 'literal', url: 'https://example.com/jp', written: 'https://example.com/jp', start: [1, 63], end: [1, 85]}
    ].map((row): Expected => ({...(row as Expected), claim: 'He said “https://example.com/q1” and (www.example.com/w…) 日本語（https://example.com/jp）です。'}))
  },
  {
    name: 'a named character reference standing for two code points before a bare URL (`&fjlig;` is `fj`)',
    markdown: 'A &NotEqualTilde; and &fjlig; then https://example.com/x here.',
    expected: [{kind: 'literal', url: 'https://example.com/x', written: 'https://example.com/x', start: [1, 36], end: [1, 57], claim: 'A ≂̸ and fj then https://example.com/x here.'}]
  },
  {
    name: 'bare URLs end at CJK punctuation with text after it (no space in Japanese or Chinese)',
    markdown: '日本語（https://example.com/jp）です。',
    expected: [{kind: 'literal', url: 'https://example.com/jp', written: 'https://example.com/jp', start: [1, 5], end: [1, 27], claim: '日本語（https://example.com/jp）です。'}]
  },
  {
    name: 'bare URLs: Wikipedia parentheses kept, trailing punctuation and unbalanced ) trimmed',
    markdown: 'Bare https://en.wikipedia.org/wiki/Foo_(bar), (see https://a.com/x) and "https://b.com/y?q=1"!',
    expected: [
      {
        kind: 'literal',
        url: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        written: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        start: [1, 6],
        end: [1, 45],
        claim: 'Bare https://en.wikipedia.org/wiki/Foo_(bar), (see https://a.com/x) and "https://b.com/y?q=1"!'
      },
      {
        kind: 'literal',
        url: 'https://a.com/x',
        written: 'https://a.com/x',
        start: [1, 52],
        end: [1, 67],
        claim: 'Bare https://en.wikipedia.org/wiki/Foo_(bar), (see https://a.com/x) and "https://b.com/y?q=1"!'
      },
      {
        kind: 'literal',
        url: 'https://b.com/y?q=1',
        written: 'https://b.com/y?q=1',
        start: [1, 74],
        end: [1, 93],
        claim: 'Bare https://en.wikipedia.org/wiki/Foo_(bar), (see https://a.com/x) and "https://b.com/y?q=1"!'
      }
    ]
  },
  {
    name: 'bare URL with an escape and a character reference maps to its source',
    markdown: 'Raw https://c.com/a\\_b?x=1&amp;y=2.',
    expected: [
      {
        kind: 'literal',
        url: 'https://c.com/a_b?x=1&y=2',
        written: 'https://c.com/a\\_b?x=1&amp;y=2',
        start: [1, 5],
        end: [1, 35],
        claim: 'Raw https://c.com/a_b?x=1&y=2.'
      }
    ]
  },
  {
    // A backslash escapes punctuation only: `\\h` was read as an escaped `h`, and the place began a character early.
    name: 'bare URL right after an escaped backslash starts at its own first character',
    markdown: 'Path C:\\\\https://c.com/x here.',
    expected: [{kind: 'literal', url: 'https://c.com/x', written: 'https://c.com/x', start: [1, 10], end: [1, 25], claim: 'Path C:\\https://c.com/x here.'}]
  },
  {
    name: 'bare URLs in a heading, a wrapped list item and a blockquote; no claim for a URL alone',
    markdown: '# Heading https://h1.com\n\n* item with words\n  and https://li.com/x. Next.\n\n> https://alone.com',
    expected: [
      {
        kind: 'literal',
        url: 'https://h1.com',
        written: 'https://h1.com',
        start: [1, 11],
        end: [1, 25],
        claim: 'Heading https://h1.com'
      },
      {
        kind: 'literal',
        url: 'https://li.com/x',
        written: 'https://li.com/x',
        start: [4, 7],
        end: [4, 23],
        claim: 'item with words and https://li.com/x.'
      },
      {kind: 'literal', url: 'https://alone.com', written: 'https://alone.com', start: [6, 3], end: [6, 20]}
    ]
  },
  {
    name: 'only http(s) in prose; link text is not scanned',
    markdown: 'ftp://x.com/f and [https://in.text.com](https://dest.com) here.',
    expected: [
      {
        kind: 'link',
        url: 'https://dest.com',
        written: 'https://dest.com',
        start: [1, 41],
        end: [1, 57],
        claim: 'ftp://x.com/f and https://in.text.com here.'
      }
    ]
  },
  {
    name: 'CRLF line endings',
    markdown: 'Line one [Two Words](https://crlf.com).\r\nNext https://n.com!\r\n',
    expected: [
      {
        kind: 'link',
        url: 'https://crlf.com',
        written: 'https://crlf.com',
        start: [1, 22],
        end: [1, 38],
        citedTitle: 'Two Words',
        claim: 'Line one Two Words.'
      },
      {
        kind: 'literal',
        url: 'https://n.com',
        written: 'https://n.com',
        start: [2, 6],
        end: [2, 19],
        claim: 'Next https://n.com!'
      }
    ]
  },

  // Claims
  {
    name: 'claim is the sentence holding the link; a trailing bare citation cites the sentence before',
    markdown: 'First claim here. Second claim [a](https://s.com) is true. Third one. [1](https://t.com)',
    expected: [
      {
        kind: 'link',
        url: 'https://s.com',
        written: 'https://s.com',
        start: [1, 36],
        end: [1, 49],
        claim: 'Second claim a is true.'
      },
      {
        kind: 'link',
        url: 'https://t.com',
        written: 'https://t.com',
        start: [1, 75],
        end: [1, 88],
        claim: 'Third one.'
      }
    ]
  },
  {
    name: 'table cells are blocks',
    syntax: 'gfm',
    markdown: '| claim | source |\n|---|---|\n| Sky is blue | https://t.com |',
    expected: [{kind: 'literal', url: 'https://t.com', written: 'https://t.com', start: [3, 17], end: [3, 30]}]
  },

  // Footnotes
  {
    name: 'footnote citations take the claim of their reference and a quoted title',
    syntax: 'gfm',
    markdown: [
      'Water boils at 100 degrees.[^1] Ice melts[^b] slowly.',
      '',
      '[^1]: \u201CBoiling Point\u201D [here](https://example.com/boil).',
      '[^b]: [The Real Title](https://fb.com) and "Ignored Quote" <https://fc.com>',
      '[^c]: Unused note https://fd.com/'
    ].join('\n'),
    expected: [
      {
        kind: 'link',
        url: 'https://example.com/boil',
        written: 'https://example.com/boil',
        start: [3, 30],
        end: [3, 54],
        citedTitle: 'Boiling Point',
        claim: 'Water boils at 100 degrees.'
      },
      {
        kind: 'link',
        url: 'https://fb.com',
        written: 'https://fb.com',
        start: [4, 24],
        end: [4, 38],
        citedTitle: 'The Real Title',
        claim: 'Ice melts slowly.'
      },
      {
        kind: 'autolink',
        url: 'https://fc.com',
        written: 'https://fc.com',
        start: [4, 61],
        end: [4, 75],
        citedTitle: 'Ignored Quote',
        claim: 'Ice melts slowly.'
      },
      {
        kind: 'literal',
        url: 'https://fd.com/',
        written: 'https://fd.com/',
        start: [5, 19],
        end: [5, 34],
        claim: 'Unused note https://fd.com/'
      }
    ]
  },

  {
    name: 'a footnote citing several sources: each takes the quoted title before it, after the one before',
    syntax: 'gfm',
    markdown: [
      'Coffee and tea are fine.[^1]',
      '',
      '[^1]: \u201CCoffee and Health\u201D https://a.com/coffee; see also \u201CTea Drinking\u201D https://b.com/tea and https://c.com/x.'
    ].join('\n'),
    expected: [
      {kind: 'literal', url: 'https://a.com/coffee', written: 'https://a.com/coffee', start: [3, 27], end: [3, 47], citedTitle: 'Coffee and Health', claim: 'Coffee and tea are fine.'},
      {kind: 'literal', url: 'https://b.com/tea', written: 'https://b.com/tea', start: [3, 73], end: [3, 90], citedTitle: 'Tea Drinking', claim: 'Coffee and tea are fine.'},
      {kind: 'literal', url: 'https://c.com/x', written: 'https://c.com/x', start: [3, 95], end: [3, 110], claim: 'Coffee and tea are fine.'}
    ]
  },

  // An edition or a kind after an entry's title was read as part of it (`Why zebras don't get ulcers (3rd ed.)`), which the page's title lacks.
  {
    name: 'a bibliography entry: its title without the edition or kind after it, and no claim',
    markdown: [
      "- Sapolsky, R. M. (2004). Why zebras don't get ulcers (3rd ed.). Henry Holt. https://a.com/zebras",
      '- Smith, J. (2020). Ocean heat content 1990-2020 [Data set]. Zenodo. https://b.com/data'
    ].join('\n'),
    expected: [
      {kind: 'literal', url: 'https://a.com/zebras', written: 'https://a.com/zebras', start: [1, 78], end: [1, 98], citedTitle: "Why zebras don't get ulcers"},
      {kind: 'literal', url: 'https://b.com/data', written: 'https://b.com/data', start: [2, 70], end: [2, 88], citedTitle: 'Ocean heat content 1990-2020'}
    ]
  },

  // Raw HTML
  {
    name: 'inline HTML anchor: its href is the attribute named so, not `href=` inside another attribute\'s value',
    markdown: `Prose <a title="see href=foo" data-x='href=bar' HREF = "https://h.com/gone">the page</a> x.`,
    expected: [{kind: 'html', url: 'https://h.com/gone', written: 'https://h.com/gone', start: [1, 57], end: [1, 75], citedTitle: 'see href=foo', claim: 'Prose the page x.'}]
  },
  {
    name: 'inline HTML anchor: link text between the tags, its text not cited again',
    markdown: 'Inline <a href="https://h.com/x">Hypertext Title https://h.com/x</a> text. <a href="https://h2.com">The Second Title</a>',
    expected: [
      {
        kind: 'html',
        url: 'https://h.com/x',
        written: 'https://h.com/x',
        start: [1, 17],
        end: [1, 32],
        claim: 'Inline Hypertext Title https://h.com/x text.'
      },
      {
        kind: 'html',
        url: 'https://h2.com',
        written: 'https://h2.com',
        start: [1, 85],
        end: [1, 99],
        citedTitle: 'The Second Title',
        claim: 'Inline Hypertext Title https://h.com/x text.'
      }
    ]
  },
  {
    // `Alpha Report Beta Report` was the first one's title.
    name: 'inline HTML anchor left open: its text ends at the next anchor, as a browser ends it',
    markdown: 'Read <a href="https://a.com">Alpha Report <a href="https://b.com">Beta Report</a> now.',
    expected: [
      {kind: 'html', url: 'https://a.com', written: 'https://a.com', start: [1, 15], end: [1, 28], citedTitle: 'Alpha Report', claim: 'Read Alpha Report Beta Report now.'},
      {kind: 'html', url: 'https://b.com', written: 'https://b.com', start: [1, 52], end: [1, 65], citedTitle: 'Beta Report', claim: 'Read Alpha Report Beta Report now.'}
    ]
  },
  {
    name: 'HTML block: title attribute, entity in href, claim from the HTML text',
    markdown: '<div>\n<p>Read <a title="Doc Title" href=\'https://d.com/?a=1&amp;b=2\'>doc</a> now.</p>\n</div>',
    expected: [
      {
        kind: 'html',
        url: 'https://d.com/?a=1&b=2',
        written: 'https://d.com/?a=1&amp;b=2',
        start: [2, 36],
        end: [2, 62],
        citedTitle: 'Doc Title',
        claim: 'Read doc now.'
      }
    ]
  },
  {
    // A URL in a block of HTML's text was never checked, though a URL in a paragraph's is, and one in MDX's <div>.
    name: 'HTML block: a bare URL in its text is cited, not one in a link\'s or a code element\'s text',
    markdown:
      '<p>Source: https://a.com/x. See <a href="https://b.com/">https://b.com/</a> and <code>https://c.com/</code>.</p>\n' +
      '<details>\n<summary>Sources</summary>\nhttps://d.com/?a=1&amp;b=2, <img src="https://e.com/i.png"> <!-- https://f.com/ --> https://g.com/<your-id>\n</details>',
    expected: [
      {kind: 'html', url: 'https://a.com/x', written: 'https://a.com/x', start: [1, 12], end: [1, 27], claim: 'Source: https://a.com/x.'},
      {kind: 'html', url: 'https://b.com/', written: 'https://b.com/', start: [1, 42], end: [1, 56], claim: 'See https://b.com/ and https://c.com/.'},
      {kind: 'html', url: 'https://d.com/?a=1&b=2', written: 'https://d.com/?a=1&amp;b=2', start: [4, 1], end: [4, 27], claim: 'Sources'}
    ]
  },
  {
    // Markdown is not read in a block of HTML, but a URL in backticks there was written as code: it was cited, and
    // `http://localhost:3000` reported unsafe.
    name: 'HTML block: a bare URL in backticks in its text is no citation, one after them is',
    markdown: '<details>\n<summary>Run it</summary>\nOpen `http://localhost:3000/admin` or ``a `b` https://c.com/`` then https://d.com/x.\n</details>',
    expected: [{kind: 'html', url: 'https://d.com/x', written: 'https://d.com/x', start: [3, 69], end: [3, 84], claim: 'Open `http://localhost:3000/admin` or ``a `b` https://c.com/`` then https://d.com/x.'}]
  },
  {
    name: 'HTML block: spaces around href trimmed, script text ignored',
    markdown:
      '<p><a href=" https://sp.com/ ">The Spaced Link</a></p>\n' +
      '<script>document.write(\'<a href="https://script.com">x</a>\')</script>',
    expected: [
      {
        kind: 'html',
        url: 'https://sp.com/',
        written: 'https://sp.com/',
        start: [1, 14],
        end: [1, 29],
        citedTitle: 'The Spaced Link'
      }
    ]
  },
  {
    // The claim was the whole block's text glued together: 'Heat pumps cut bills by half per the studySolar panels …'.
    name: 'HTML block: a list item, cell or paragraph ends a sentence; a link alone in a cell cites the cell before; a <br> is a space',
    markdown:
      '<ul><li>Heat pumps cut bills by half <a href="https://one.com/">per the study</a></li>' +
      '<li>Solar panels pay back in eight years <a href="https://two.com/">per the survey</a></li></ul>\n\n' +
      '<table><tr><td>Wind is the cheapest power</td><td><a href="https://three.com/"><img src="x.png"></a></td></tr></table>\n\n' +
      '<p>Tides are predictable<br>as <a href="https://four.com/">the almanac</a> shows</p><p>Another paragraph.</p>',
    expected: [
      {kind: 'html', url: 'https://one.com/', written: 'https://one.com/', start: [1, 47], end: [1, 63], citedTitle: 'per the study', claim: 'Heat pumps cut bills by half per the study'},
      {kind: 'html', url: 'https://two.com/', written: 'https://two.com/', start: [1, 137], end: [1, 153], citedTitle: 'per the survey', claim: 'Solar panels pay back in eight years per the survey'},
      {kind: 'html', url: 'https://three.com/', written: 'https://three.com/', start: [3, 60], end: [3, 78], claim: 'Wind is the cheapest power'},
      {kind: 'html', url: 'https://four.com/', written: 'https://four.com/', start: [5, 41], end: [5, 58], citedTitle: 'the almanac', claim: 'Tides are predictable as the almanac shows'}
    ]
  },
  {
    // The claim read 'Heat pumps cut bills by halfSolar panels …': neither 'half' nor 'Solar' a word of it.
    name: 'a <br> in a paragraph is a space in the claim, as a hard break is',
    markdown: 'Heat pumps cut bills by half<br>Solar panels pay back [per the survey](https://two.com/).',
    expected: [
      {kind: 'link', url: 'https://two.com/', written: 'https://two.com/', start: [1, 72], end: [1, 88], citedTitle: 'per the survey', claim: 'Heat pumps cut bills by half Solar panels pay back per the survey.'}
    ]
  },
  {
    name: 'MDX: a <br /> in a paragraph is a space in the claim',
    syntax: 'mdx',
    markdown: 'Heat pumps cut bills by half<br />Solar panels pay back [per the survey](https://two.com/).',
    expected: [
      {kind: 'link', url: 'https://two.com/', written: 'https://two.com/', start: [1, 74], end: [1, 90], citedTitle: 'per the survey', claim: 'Heat pumps cut bills by half Solar panels pay back per the survey.'}
    ]
  },
  {
    // Cited (and fetched) with the backslash, which a URL parser reads as `/`: https://a.com/x/%7Cy.
    name: 'GFM table: an escaped pipe in a literal, an autolink or an HTML href is a pipe, as GitHub links it',
    syntax: 'gfm',
    markdown: '| a | b | c | d |\n|---|---|---|---|\n| https://a.com/x\\|y | <https://b.com/x\\|y> | <a href="https://c.com/x\\|y">c</a> | [d](https://d.com/x\\|y) |',
    expected: [
      {kind: 'literal', url: 'https://a.com/x|y', written: 'https://a.com/x\\|y', start: [3, 3], end: [3, 21]},
      {kind: 'autolink', url: 'https://b.com/x|y', written: 'https://b.com/x\\|y', start: [3, 25], end: [3, 43]},
      {kind: 'html', url: 'https://c.com/x|y', written: 'https://c.com/x\\|y', start: [3, 56], end: [3, 74]},
      {kind: 'link', url: 'https://d.com/x|y', written: 'https://d.com/x\\|y', start: [3, 88], end: [3, 106]}
    ]
  },
  {
    // The value starts with the spaces left of each tab after `>`; the hrefs were placed, empty, at the block's end.
    name: 'HTML block after a tab in a blockquote: each href at its own characters',
    markdown: '>\t<p>Read <a href="https://one.com/">one</a>\n>\t\t<a href="https://two.com/">two</a></p>',
    expected: [
      {kind: 'html', url: 'https://one.com/', written: 'https://one.com/', start: [1, 20], end: [1, 36], claim: 'Read one two'},
      {kind: 'html', url: 'https://two.com/', written: 'https://two.com/', start: [2, 13], end: [2, 29], claim: 'Read one two'}
    ]
  },
  {
    name: 'GFM literal inside an HTML anchor is the anchor text',
    syntax: 'gfm',
    markdown: 'A <a href="https://a.com">https://a.com</a> b.',
    expected: [
      {kind: 'html', url: 'https://a.com', written: 'https://a.com', start: [1, 12], end: [1, 25], claim: 'A https://a.com b.'}
    ]
  },

  // MDX
  {
    name: 'MDX: configured <Cite href>, <a> with title, expressions skipped',
    syntax: 'mdx',
    options: {jsxAttributes: {a: ['href'], Cite: ['href']}},
    markdown: [
      'Text <Cite href="https://c.com/x">The Cited Book</Cite> says so. <a href={url}>Another</a>',
      '',
      '<a href=\'https://sq.com\' title="  The  Title ">x</a>',
      '',
      '<Other href="https://o.com">plain words</Other>',
      '',
      'import x from "https://esm.com/x.js"',
      '',
      '{/* https://expr.com */}'
    ].join('\n'),
    expected: [
      {
        kind: 'jsx',
        url: 'https://c.com/x',
        written: 'https://c.com/x',
        start: [1, 18],
        end: [1, 33],
        citedTitle: 'The Cited Book',
        claim: 'Text The Cited Book says so.'
      },
      {kind: 'jsx', url: 'https://sq.com', written: 'https://sq.com', start: [3, 10], end: [3, 24], citedTitle: 'The Title'}
    ]
  },
  {
    // As for raw HTML: the message quoted ` https://sp.com/x `, and its place took in the spaces and the line break.
    name: 'MDX: spaces and a line break around an href are trimmed off the URL and its place',
    syntax: 'mdx',
    markdown: 'See <a href=" https://sp.com/x\n  ">The Spaced Link</a>.',
    expected: [{kind: 'jsx', url: 'https://sp.com/x', written: 'https://sp.com/x', start: [1, 15], end: [1, 31], citedTitle: 'The Spaced Link', claim: 'See The Spaced Link.'}]
  },
  {
    name: 'MDX: an HTML list item or table cell written as JSX ends a sentence, as in raw HTML',
    syntax: 'mdx',
    markdown: [
      '<ul><li>Heat pumps cut bills by half <a href="https://one.com/">per the study</a></li><li>Solar panels pay back</li></ul>',
      '',
      '<table>',
      '  <tr>',
      '    <td>Wind is the cheapest power</td>',
      '    <td><a href="https://two.com/">src</a></td>',
      '  </tr>',
      '</table>'
    ].join('\n'),
    expected: [
      {kind: 'jsx', url: 'https://one.com/', written: 'https://one.com/', start: [1, 47], end: [1, 63], citedTitle: 'per the study', claim: 'Heat pumps cut bills by half per the study'},
      {kind: 'jsx', url: 'https://two.com/', written: 'https://two.com/', start: [6, 18], end: [6, 34], claim: 'Wind is the cheapest power'}
    ]
  },
  {
    // `href={"…"}` was skipped as program: a dead link written so passed unchecked. One with a JavaScript escape is
    // placed at its element, whose characters are not the URL's.
    name: 'MDX: an href that is only a string, quoted or a template without substitutions, is cited at its characters',
    syntax: 'mdx',
    markdown: 'See <a href={"https://e.com/x"} title={\'The Title\'}>the page</a>, <a href={ `https://t.com/y` }>t</a> and <a href={`https://t.com/${id}`}>v</a>.\n\n<a href={"https:\\u002F/e.com/z"}>z</a>',
    expected: [
      {kind: 'jsx', url: 'https://e.com/x', written: 'https://e.com/x', start: [1, 15], end: [1, 30], citedTitle: 'The Title', claim: 'See the page, t and v.'},
      {kind: 'jsx', url: 'https://t.com/y', written: 'https://t.com/y', start: [1, 78], end: [1, 93], claim: 'See the page, t and v.'},
      {kind: 'jsx', url: 'https://e.com/z', written: '<a href={"https:\\u002F/e.com/z"}>z</a>', start: [3, 1], end: [3, 39], placeIsUrl: false}
    ]
  },
  {
    name: 'MDX: an unconfigured element name is not cited',
    syntax: 'mdx',
    markdown: 'See <Cite href="https://c.com/x">The Cited Book</Cite>.',
    expected: []
  }
]

describe('extractCitations', () => {
  it.each(rows)('$name', ({markdown, syntax, options, expected}) => {
    const {citations, source} = extract(markdown, syntax, options)
    const seen = citations.map((citation, i) => view(citation, source, expected[i] ?? ({} as Expected)))
    expect(seen).toEqual(expected.map(withDefaults))
  })

  it('keeps line, column and offset consistent', () => {
    const markdown = rows.map((row) => row.markdown).join('\n\n')
    const {citations} = extract(markdown, 'gfm')
    const lines = markdown.split('\n')
    for (const {place} of citations) {
      const lineStart = lines.slice(0, place.start.line - 1).join('\n').length + (place.start.line > 1 ? 1 : 0)
      expect(lineStart + place.start.column - 1).toBe(place.start.offset)
    }
    const offsets = citations.map((citation) => citation.place.start.offset)
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
  })

  it('places citations after a byte order mark as without it: the parse counts from after the mark', () => {
    const markdown = 'See https://bom.com here.\n\n[x](https://l.com)\n\n[d]: https://d.com\n\n[d] and <https://a.com>, <a href="https://h.com">h</a>\n'
    const plain = extract(markdown, 'gfm').citations
    expect(plain.map((citation) => citation.kind)).toEqual(['literal', 'link', 'definition', 'reference', 'autolink', 'html'])
    expect(extract(`\uFEFF${markdown}`, 'gfm').citations).toEqual(plain)
    expect(extract(`\uFEFF${markdown}`, 'md').citations).toEqual(extract(markdown, 'md').citations)
  })
})

describe('never extracted', () => {
  const skipped: Array<[name: string, markdown: string, syntax?: Syntax]> = [
    ['fenced code', '```\nhttps://code.com\n[a](https://code.com)\n```'],
    ['indented code', '    https://indented.com'],
    ['inline code', 'Use `https://ic.com` and `[a](https://ic2.com)`.'],
    ['HTML comment block', '<!--\n<a href="https://comment.com">x</a> https://c.com\n-->'],
    ['inline HTML comment', 'x <!-- <a href="https://c2.com">y</a> --> z'],
    ['relative links', '[a](./a.md) [b](/docs) [c](a.md) [d](../up.html)'],
    ['protocol-relative', '[d](//x.com/p)'],
    ['fragment only', '[f](#section)'],
    ['mailto, tel, sms', '[m](mailto:a@b.c) [t](tel:+123) [s](sms:+123) <me@example.com>'],
    ['identifier schemes', '[u](urn:isbn:1) [d](doi:10.1000/x) [i](isbn:9780000000000)'],
    ['Windows path', '[w](C:\\docs\\a.md)'],
    ['image', '![alt](https://img.com/a.png) ![ref][img]\n\n[img]: https://img.com/b.png'],
    ['skip pattern', '[a](https://skip.example/x) https://skip.example/y'],
    ['GFM email literal', 'write to me@example.com', 'gfm'],
    ['MDX expressions and ESM', 'import a from "https://esm.com/a.js"\n\n{"https://expr.com"}', 'mdx'],
    ['escaped link syntax', '\\[a](b) and `http://` alone https://'],
    // Placeholders a reader fills in: fetched, each was a dead citation (a 404, or no such host `{{`).
    [
      'template placeholders',
      'Link the feed as https://{{ site.url }}/feed.xml. Items are at https://api.example.org/v1/{id} or ' +
        'https://${HOST}/items/{item_id}. [Jira](https://<your-org>.atlassian.net/browse/PROJ-1), ' +
        '<a href="https://{% site %}/x">site</a>, [repo](https://github.com/{owner}/{repo}).',
      'gfm'
    ]
  ]
  it.each(skipped)('%s', (_name, markdown, syntax) => {
    const {citations} = extract(markdown, syntax ?? 'md', {skip: [/skip\.example/g]})
    expect(citations).toEqual([])
  })

  // `remark` with the preset as the README's Use shows it has no remark-frontmatter: a Docusaurus page's settings
  // parsed as a heading, and its card image, canonical address and author's profile were cited, and fetched.
  it('front matter read as Markdown cites nothing, YAML or TOML', () => {
    const yaml = '---\ntitle: Intro\nimage: https://cdn.example/card.png\ncanonical_url: https://docs.example/intro\n' +
      'authors:\n  - url: https://github.com/alice\n---\n\nRead [the guide](https://docs.example/guide).'
    const toml = '+++\ntitle = "Intro"\nimage = "https://cdn.example/card.png"\n+++\n\nSee https://docs.example/guide.'
    for (const markdown of [yaml, toml]) {
      for (const syntax of ['md', 'gfm', 'mdx'] as const) {
        const file = new VFile(markdown)
        const processor = unified().use(remarkParse)
        if (syntax !== 'md') processor.use(syntax === 'gfm' ? remarkGfm : remarkMdx)
        const tree = processor.parse(file)
        const cited = extractCitations(tree, file, {skip: [], jsxAttributes: {a: ['href']}}).map((citation) => citation.url)
        expect(cited).toEqual(['https://docs.example/guide'])
        expect(linkedUrls(tree, markdown, []).map((found) => found.url)).toEqual(['https://docs.example/guide'])
      }
    }
  })

  // A README's badges cite nothing: each badge's target (npmjs.com, codecov.io, opensource.org) was scored as a
  // source, 'low-credibility source … (0.60, unknown source)'.
  it('a badge, a link showing only images, is a mention', () => {
    const markdown =
      '[![CI](https://github.com/a/w/actions/workflows/ci.yml/badge.svg)](https://github.com/a/w/actions) ' +
      '[![npm][npm-badge]][npm] [![logo](https://a.example/l.png) Widget docs](https://docs.a.example)\n\n' +
      '[npm-badge]: https://img.shields.io/npm/v/w.svg\n[npm]: https://www.npmjs.com/package/w'
    const {citations} = extract(markdown, 'gfm')
    expect(citations.map(({url, mention, citedTitle}) => ({url, mention, citedTitle}))).toEqual([
      {url: 'https://github.com/a/w/actions', mention: true, citedTitle: undefined},
      {url: 'https://www.npmjs.com/package/w', mention: true, citedTitle: undefined},
      {url: 'https://docs.a.example', mention: undefined, citedTitle: 'Widget docs'},
      {url: 'https://www.npmjs.com/package/w', mention: true, citedTitle: undefined}
    ])
    // A README's raw HTML badge row too.
    const html = extract('<p align="center">\n  <a href="https://ci.a.example/run"><img src="https://ci.a.example/badge.svg" alt="CI"></a>\n  <a href="https://docs.a.example">Widget docs</a>\n</p>')
    expect(html.citations.map(({url, mention}) => [url, mention])).toEqual([['https://ci.a.example/run', true], ['https://docs.a.example', undefined]])
    // An icon standing for its source after a claim is no badge: it cites.
    const icon = extract('Wind is the cheapest power [![PDF](https://a.example/pdf-icon.png)](https://a.example/report.pdf).', 'gfm')
    expect(icon.citations.map(({mention, claim}) => ({mention, claim}))).toEqual([{mention: undefined, claim: 'Wind is the cheapest power.'}])
    // A definition that a link with text uses too is a citation there.
    const used = extract('[![npm][badge]][npm] and [the package][npm]\n\n[npm]: https://www.npmjs.com/package/w\n[badge]: https://img.shields.io/npm/v/w', 'gfm')
    expect(used.citations.map(({kind, mention}) => [kind, mention])).toEqual([['reference', true], ['reference', undefined], ['definition', undefined]])
  })

  // Only settings are front matter: a file that opens with a thematic break lost every citation up to the next one.
  it('a file opening with a thematic break, prose and another break is no front matter: its citations count', () => {
    const markdown = '---\n\n# Notes\n\nSee [the report](https://a.example.com/one).\n\n---\n\nMore at https://a.example.com/two'
    const {citations} = extract(markdown, 'gfm')
    expect(citations.map((citation) => citation.url)).toEqual(['https://a.example.com/one', 'https://a.example.com/two'])
  })

  // A handle linking a post (a tweet, a toot) names its author: the post is the source, cited for the sentence.
  it('a handle linking something other than its own profile is a citation, not a mention', () => {
    const {citations} = extract('As [@acme](https://x.com/acme/status/1790000000000000000) said, widgets sold 40% more. ' +
      'Thanks [@Dave](https://github.com/dave/)!', 'gfm')
    expect(citations.map(({mention, claim}) => ({mention, claim}))).toEqual([
      {mention: undefined, claim: 'As @acme said, widgets sold 40% more.'},
      {mention: true, claim: undefined}
    ])
  })

  it('reads a handle linking a URL of 100,000 slashes in linear time', () => {
    const started = performance.now()
    const {citations} = extract(`Thanks [@dave](https://github.com/dave${'/'.repeat(100_000)}x)!`)
    expect(citations.map(({mention}) => mention)).toEqual([undefined])
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('a link to a handle is a mention: no cited title, no claim', () => {
    const {citations} = extract('Follow [@acme@fosstodon.org](https://fosstodon.org/@acme) and [Acme Docs](https://docs.acme.example).')
    expect(citations.map(({mention, citedTitle, claim}) => ({mention, citedTitle, claim}))).toEqual([
      {mention: true, citedTitle: undefined, claim: undefined},
      {mention: undefined, citedTitle: 'Acme Docs', claim: 'Follow @acme@fosstodon.org and Acme Docs.'}
    ])
  })

  // `<` ends a URL in prose, so the part before a placeholder was cited: a 404 or a site's home page.
  it('a URL in prose that goes on with a <placeholder> is not cited, early or late; one before a tag is', () => {
    const markdown =
      'Reproduce it at https://stackblitz.com/edit/<your-repro>, fetch https://api.acme.example/users/<ID> or ' +
      'open https://github.com/acme/w/pull/<PR number>.<br>See https://docs.acme.example<br> and https://b.acme.example/<em>x</em>.'
    for (const syntax of ['md', 'gfm'] as const) {
      const file = new VFile(markdown)
      const tree = (syntax === 'gfm' ? unified().use(remarkParse).use(remarkGfm) : unified().use(remarkParse)).parse(file)
      const cited = extractCitations(tree, file, {skip: [], jsxAttributes: {a: ['href']}}).map((citation) => citation.url)
      expect(cited).toEqual(['https://docs.acme.example', 'https://b.acme.example/'])
      expect(linkedUrls(tree, markdown, []).map((found) => found.url)).toEqual(['https://docs.acme.example/', 'https://b.acme.example/'])
    }
  })

  // A word in capitals is a placeholder (<ID>), but old HTML writes its tags so: the URL before them was dropped.
  it('a URL in prose before an HTML tag in capitals (<BR>, <B>, <P>) is cited', () => {
    const {citations} = extract('| Mirrors |\n|---|\n| https://a.example.com<BR>https://b.example.com/x<B>new</B> |\n\nSee https://c.example.com/<P>', 'gfm')
    expect(citations.map((citation) => citation.url)).toEqual(['https://a.example.com', 'https://b.example.com/x', 'https://c.example.com/'])
  })

  it('a URL with braces that hold no placeholder is still cited', () => {
    const {citations} = extract('See [the data](https://a.example/q?f={"year":2020}).', 'gfm')
    expect(citations.map((citation) => citation.url)).toEqual(['https://a.example/q?f={"year":2020}'])
  })

  it('skip patterns apply to the normalised URL too', () => {
    const {citations} = extract('[a](HTTPS://Skip.Example/x)', 'md', {skip: [/^https:\/\/skip\.example\//]})
    expect(citations).toEqual([])
  })
})

/** Rows of markdown and the claim of each citation in it, in order. */
const claimRows: Array<[name: string, markdown: string, claims: Array<string | undefined>, syntax?: Syntax]> = [
  // A bibliography entry names a source: its journal and pages were judged as the claim. Prose naming authors is not one.
  // A changelog thanks its author with a link to their profile, which was judged (claim support, conflict of
  // interest) against the entry it never claimed: 160 warnings on one changesets changelog.
  [
    'a mention of a person claims nothing',
    '- [#12](https://github.com/acme/w/pull/12) Thanks [@dave](https://github.com/dave)! - Fix the cache on 401\n' +
      '- Drop Node 16 by [@erin][erin] in https://github.com/acme/w/pull/13. Follow [@acme@fosstodon.org](https://fosstodon.org/@acme).\n\n' +
      '[erin]: https://github.com/erin',
    ['#12 Thanks @dave! - Fix the cache on 401', undefined, undefined, 'Drop Node 16 by @erin in https://github.com/acme/w/pull/13.', undefined, undefined],
    'gfm'
  ],
  ['APA entries, one per line', 'Smith, J., & Lee, K. (2021). Ocean warming. *Nature*, 12, 45. https://a.com\nWHO. (2020). A report. https://b.com', [undefined, undefined]],
  ['Vancouver and MLA entries', '- Smith J, Lee K. Ocean warming. Nature. 2021;12:45. https://a.com\n- Smith, John. "Ocean Warming." Nature, 2021, <https://b.com>', [undefined, undefined]],
  ['prose naming an author and a year', 'Smith (2021) found that oceans warm (https://a.com). Smith, J. says oceans warm ([a](https://b.com)).', ['Smith (2021) found that oceans warm (https://a.com).', 'Smith, J. says oceans warm.']],
  // Nothing ends a title before the citation: a sentence that starts as an entry does, and its claim was never judged.
  ['prose starting as an entry', 'Smith, J. (2020). Remote work raises output by 13% ([study](https://a.com)).\n\nWorld Health Organization (2021). Vaccines cut deaths by 90% [WHO](https://b.com).', ['Remote work raises output by 13%.', 'Vaccines cut deaths by 90% WHO.']],
  ['an entry whose quoted title is its link', '- Smith, John. "[Ocean Warming](https://b.com)." Nature, 2021.', [undefined]],
  ['prose naming an author, initial and year', '- Johnson, L. (2020) found that remote work raises output ([study](https://a.com)).', ['Johnson, L. (2020) found that remote work raises output.']],
  // A numbered list of sources, as AI research tools end their answers: each source claimed nothing, so what cites it
  // was never judged. It cites for the sentence of its first marker, without the markers.
  [
    'a numbered list of sources cites for the sentences of its markers',
    'Solar capacity grew 24% in 2023 [1]. Wind stalled in Europe [2][3]. Hydro held steady [4].\n\n## Sources\n\n1. https://a.com\n2. [Wind report](https://b.com)\n3. Smith, J. (2023). Wind in Europe. https://c.com\n4. https://d.com',
    ['Solar capacity grew 24% in 2023.', 'Wind stalled in Europe.', 'Wind stalled in Europe.', 'Hydro held steady.']
  ],
  // `X [1], and Y [2].`: each marker cites the words before it, not the half the other source is for.
  [
    'two markers in one sentence cite their own words',
    'Residual networks train very deep models [1], and attention replaced recurrence in translation [2]; as [3] showed, both scale.\n\n1. https://a.com\n2. https://b.com\n3. https://c.com',
    ['Residual networks train very deep models', 'and attention replaced recurrence in translation', 'Residual networks train very deep models, and attention replaced recurrence in translation; as showed, both scale.']
  ],
  // A marker after the subject or the attribution of its claim cited only those: 'Smith et al.', 'According to the IEA'.
  [
    'a marker inside its clause or after an attribution cites the clause',
    'Smith et al. [1] showed that coffee raises blood pressure in adults. According to the IEA [2], solar capacity grew 24% in 2023. Coffee raises blood pressure [3] and tea lowers it [4].\n\n1. https://a.com\n2. https://b.com\n3. https://c.com\n4. https://d.com',
    ['Smith et al. showed that coffee raises blood pressure in adults.', 'According to the IEA, solar capacity grew 24% in 2023.', 'Coffee raises blood pressure', 'and tea lowers it.']
  ],
  ['sources labelled [1] on their lines, markers listed together', 'Solar capacity grew 24% in 2023 [1, 2]. Wind fell [3–4].\n\nCitations:\n[1] https://a.com\n[2] https://b.com\n[4] https://c.com', ['Solar capacity grew 24% in 2023.', 'Solar capacity grew 24% in 2023.', 'Wind fell.']],
  // Markers after the full stop, as Wikipedia writes them: the sentence broke inside `.[1]` ('… in 2023.[', '1] Wind
  // …'), and `2023. [1] Wind …` cited the next sentence.
  [
    'markers after the full stop cite the sentence they stand after',
    'Solar capacity grew 24% in 2023.[1] Wind power fell in Denmark.[2] Hydro held steady. [3] Coal use rose in India. [4]\n\n1. https://a.com\n2. https://b.com\n3. https://c.com\n4. https://d.com',
    ['Solar capacity grew 24% in 2023.', 'Wind power fell in Denmark.', 'Hydro held steady.', 'Coal use rose in India.']
  ],
  // Two answers, each with its own sources numbered from 1: the second list's sources claimed the first answer's words.
  [
    'two lists of sources each cite for their own markers',
    'Solar capacity grew 24% in 2023 [1]. Wind stalled in Europe [2].\n\n1. https://a.com\n2. https://b.com\n\nHeat pumps outsold gas boilers in France [1].\n\n[1] https://c.com\n\nCoal use rose in India [1].\n\n1. https://d.com',
    ['Solar capacity grew 24% in 2023.', 'Wind stalled in Europe.', 'Heat pumps outsold gas boilers in France.', 'Coal use rose in India.']
  ],
  // Markers may come after their list; the first marker after it is its own, a later one a later use (its own claim).
  ['markers after their list', '1. https://a.com\n2. https://b.com\n\nSolar capacity grew 24% in 2023 [1]. Wind stalled [2]. Solar is cheap [1].', ['Solar capacity grew 24% in 2023.', 'Wind stalled.', 'Solar is cheap.']],
  // An item's own label after its number read as a marker: source 2, marked nowhere in the text, claimed its own
  // entry's words (' Smith, J. (2023).').
  ['a numbered item\'s own label is no marker', 'Solar grew a lot in Spain [1].\n\n1. [1] https://a.com\n2. [2] Smith, J. (2023). Wind in Europe. https://b.com', ['Solar grew a lot in Spain.', undefined]],
  // A list of steps with links is no list of sources, and a `[1]` starting a line is a label, not a marker.
  ['a numbered list of steps', 'Steps:\n\n1. Install [Node](https://a.com)\n2. Run it\n\nSee step [1] for details.', ['Install Node']],
  ['a source without a marker claims nothing, as an entry', 'Solar grew [1].\n\n1. https://a.com\n2. Smith, J. (2023). Wind in Europe. https://b.com', ['Solar grew.', undefined]],
  // A numbered marker is the citation, not words of the claim: `over 60 1.` read a stray number the page lacks.
  ['marker link after a space', 'Coffee raises blood pressure in adults over 60 [1](https://a.com).', ['Coffee raises blood pressure in adults over 60.']],
  ['bracketed marker link', 'Coffee raises blood pressure in adults over 60 [[3]](https://a.com).', ['Coffee raises blood pressure in adults over 60.']],
  ['marker reference', 'Coffee raises blood pressure in adults over 60 [3].\n\n[3]: https://a.com', ['Coffee raises blood pressure in adults over 60.', undefined]],
  ['parenthesised, caret and superscript markers', 'Tea is fine ([2](https://a.com)), [^4](https://b.com) and [¹](https://c.com).', ['Tea is fine, and.', 'Tea is fine, and.', 'Tea is fine, and.']],
  // `60.` and `3` were glued into `60.3`, a number, and the next sentence joined the claim.
  ['marker glued to the full stop', 'Coffee raises blood pressure in adults over 60.[3](https://a.com) Tea does not.', ['Coffee raises blood pressure in adults over 60.']],
  ['marker glued to the full stop, end of paragraph', 'Coffee raises blood pressure in adults over 60.[3](https://a.com)', ['Coffee raises blood pressure in adults over 60.']],
  ['two markers: neither is in the claim', 'Coffee raises blood pressure [1](https://a.com) [2](https://b.com).', ['Coffee raises blood pressure.', 'Coffee raises blood pressure.']],
  ['HTML markers, inline and in a block', 'Tea is fine <a href="https://a.com">[1]</a>.\n\n<p>Milk is fine <a href="https://b.com">2</a>. So.</p>', ['Tea is fine.', 'Milk is fine.']],
  // Link text alone in parentheses or brackets names the source, and cost the claim support it has.
  ['link text alone in parentheses', 'In asyncio, gather runs awaitables concurrently ([Python docs](https://a.com)).', ['In asyncio, gather runs awaitables concurrently.']],
  ['in brackets, and a reference', 'Smoking causes cancer [[fact sheet](https://a.com)], say ([WHO][w]).\n\n[w]: https://w.com', ['Smoking causes cancer, say.', 'Smoking causes cancer, say.', undefined]],
  ['HTML link text alone in parentheses', 'Tea is fine (<a href="https://a.com">survey</a>).\n\n<p>Milk is fine (<a href="https://b.com">study</a>). So.</p>', ['Tea is fine.', 'Milk is fine.']],
  ['link text that is part of the sentence stays', '[Smith found](https://a.com) that tea helps, as run with [GitHub Actions](https://b.com) (see [docs](https://c.com) for Go).', Array(3).fill('Smith found that tea helps, as run with GitHub Actions (see docs for Go).')],
  // `WHO, CDC` were words of the claim.
  ['several links alone in parentheses', 'Flu shots cut hospital stays by half ([WHO](https://a.com), [CDC](https://b.com)). Masks help (see [NHS](https://c.com); [RKI](https://d.com) and [ECDC][e]).\n\n[e]: https://e.com', [...Array(2).fill('Flu shots cut hospital stays by half.'), ...Array(3).fill('Masks help.'), undefined]],
  // `(,, https://c.com/)` and `(WHO, CDC)`: a URL among them left its separators behind, a footnote reference kept them.
  ['a URL among several links keeps them all, a footnote reference does not', 'Flu shots help ([WHO](https://a.com), [CDC](https://b.com), <https://c.com/>). Masks help ([NHS](https://d.com)[^1], [RKI](https://e.com)).\n\n[^1]: A note.', [...Array(3).fill('Flu shots help (WHO, CDC, https://c.com/).'), ...Array(2).fill('Masks help.')]],
  // `e.g., lychee, linkinator` stayed: each page lacked the other's name.
  ['several links after e.g., i.e., cf. or for example', 'Many tools check links (e.g., [lychee](https://a.com), [linkinator](https://b.com)). Some run in CI (i.e. [GitHub Actions](https://c.com)), some in editors (cf. [LSP](https://d.com); for example [vscode](https://e.com)).', [...Array(2).fill('Many tools check links.'), ...Array(3).fill('Some run in CI, some in editors.')]],
  ['a parenthesis with other words keeps its links', 'Flu shots cut stays ([WHO](https://a.com), [CDC](https://b.com) agree).', Array(2).fill('Flu shots cut stays (WHO, CDC agree).')],
  // Only English separators and ASCII parentheses were known: `voir OMS`, `参见世卫组织` were words of the claim, and
  // `см.` ended the sentence.
  [
    'a parenthesis of sources in another language',
    'Le café augmente la tension (voir [OMS](https://a.com)). Kaffee erhöht den Blutdruck (vgl. [RKI](https://b.com), z. B. [WHO](https://c.com)). ' +
      'El café aumenta la presión (véase [OMS](https://d.com)). Кофе повышает давление (см. [ВОЗ](https://e.com)).\n\n' +
      '咖啡会增加高血压的风险（参见[世界卫生组织](https://f.com)）。コーヒーは血圧を上げる（[WHO](https://g.com)参照）。',
    [
      'Le café augmente la tension.',
      ...Array(2).fill('Kaffee erhöht den Blutdruck.'),
      'El café aumenta la presión.',
      'Кофе повышает давление.',
      '咖啡会增加高血压的风险。',
      'コーヒーは血圧を上げる。'
    ]
  ],
  // `см.` after a number is centimetres: the claim was `Уровень моря поднялся на 20 см. Учёные …`, asking the page for 20.
  ['centimetres end a Russian sentence', 'Уровень моря поднялся на 20 см. Учёные связывают это с таянием льдов [1](https://a.com).', ['Учёные связывают это с таянием льдов.']],
  // A lone `z.` was read as the `z.` of `z. B.`: the claim was `The field grows along the axis z. The measured flux …`.
  ['a variable z ends an English sentence', 'The field grows along the axis z. The measured flux doubled [1](https://a.com). Kaffee wirkt, z. B. bei Älteren [2](https://b.com).', ['The measured flux doubled.', 'Kaffee wirkt, z. B. bei Älteren.']],
  // Intl.Segmenter ends a sentence after an abbreviation before a capital: the claim was `Jones (trial).`
  ['Dr. and a parenthesised citation', 'Aspirin cut stroke risk, as shown by Dr. Jones ([trial](https://a.com)).', ['Aspirin cut stroke risk, as shown by Dr. Jones.']],
  ['e.g., cf., St., Corp., Fig., No., Jan.', 'Many languages collect garbage, e.g. Go and Java, cf. Fig. 2 and No. 5 of Acme Corp. Staff in St. Louis on Jan. 5 [1](https://a.com).', ['Many languages collect garbage, e.g. Go and Java, cf. Fig. 2 and No. 5 of Acme Corp. Staff in St. Louis on Jan. 5.']],
  // The claim was two sentences: `Tea is rich in vitamin C. Milk is rich in calcium.`
  ['a company abbreviation or a capital that ends a sentence ends it', 'Tea is rich in vitamin C. Milk is rich in calcium [1](https://a.com). He works at Acme Inc. The company makes anvils [2](https://b.com). We chose Plan B. It worked [3](https://c.com).', ['Milk is rich in calcium.', 'The company makes anvils.', 'It worked.']],
  ['a company abbreviation or an initial before a name does not', 'Apple Inc. Chief Executive Tim Cook said sales rose [1](https://a.com). The trial was led by J. Smith ([trial](https://b.com)). The economist J. M. Keynes saw it [3](https://c.com).', ['Apple Inc. Chief Executive Tim Cook said sales rose.', 'The trial was led by J. Smith.', 'The economist J. M. Keynes saw it.']],
  // `Keynes argued …`: a capital after a lowercase word read as a label (`vitamin C.`), not as an initial.
  ['an initial after a word naming a role does not', 'The economist J. Keynes argued that demand drives output [1](https://a.com). The physicians A. Smith and K. Lee agree [2](https://b.com). Her editor T. Jones said so [3](https://c.com). Read chapter C. Students liked it [4](https://d.com).', ['The economist J. Keynes argued that demand drives output.', 'The physicians A. Smith and K. Lee agree.', 'Her editor T. Jones said so.', 'Students liked it.']],
  // `Müller zeigt einen Effekt.`: `von` and `de` read as the words before a label (`vitamin C.`).
  ['an initial after a short word of another language does not', 'Die Studie von J. Müller zeigt einen Effekt [1](https://a.com). L’étude de J. Dupont montre un effet [2](https://b.com).', ['Die Studie von J. Müller zeigt einen Effekt.', 'L’étude de J. Dupont montre un effet.']],
  ['initials and et al.', 'As J. R. Smith et al. Found, tea helps [1](https://a.com). Milk does not.', ['As J. R. Smith et al. Found, tea helps.']],
  ['a sentence ending in a word, a number or U.S. still ends', 'Tea helps in the U.S. Milk does not. He said no. Water is 100. Juice is fine [1](https://a.com).', ['Juice is fine.']],
  ['a number that reads as words stays', 'The [2020](https://a.com) report and [3 trials](https://b.com) agree.', ['The 2020 report and 3 trials agree.', 'The 2020 report and 3 trials agree.']],
  // The image link's claim ran over the empty cell into the next row: '[2]'.
  [
    'an image link alone in a raw HTML cell cites the cell before it, not the next row',
    '<table>\n<tr><td>Wind is the cheapest power</td><td><a href="https://a.com"><img src="x.png"></a></td></tr>\n<tr><td></td><td><a href="https://b.com">[2]</a></td></tr>\n</table>',
    ['Wind is the cheapest power', 'Wind is the cheapest power']
  ]
]

describe('claims', () => {
  it.each(claimRows)('%s', (_name, markdown, claims, syntax) => {
    expect(extract(markdown, syntax ?? 'gfm').citations.map((citation) => citation.claim)).toEqual(claims)
  })

  // Each character of a long run without spaces started a search for a URL's scheme to its end: 60,000 took 5 s.
  it('reads a claim in a long run without spaces in linear time', () => {
    const {citations} = extract('Its hash is ' + 'f'.repeat(60000) + ' [1](https://a.com).')
    const started = performance.now()
    expect(citations[0]?.claim).toMatch(/^f+\.$/)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  // Each link looked for its parenthesis past all the others: 8,000 took 6 s.
  it('reads a paragraph of thousands of links in linear time', () => {
    const {citations} = extract('See ' + '[a](https://a.com), '.repeat(8000) + 'and more.')
    const started = performance.now()
    expect(citations.map((citation) => citation.claim).filter((claim) => !claim?.includes('a, a, a,'))).toEqual(['a, and more.'])
    expect(performance.now() - started).toBeLessThan(2000)
  })

  // Each link of a raw HTML block segmented the whole block's text: a table of 4,000 links took 40 s.
  it('reads the claims of a raw HTML table of thousands of links in linear time', () => {
    const rows = Array.from({length: 4000}, (_, i) => `<tr><td>Pumps cut bills by ${i} percent.</td><td><a href="https://a.com/${i}">${i}</a></td></tr>`)
    const {citations} = extract(`<table>\n${rows.join('\n')}\n</table>`)
    const started = performance.now()
    const claims = citations.map((citation) => citation.claim)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(claims.filter((claim, i) => claim !== `Pumps cut bills by ${i} percent.`)).toEqual([])
  })

  // A block of HTML without block breaks (lines between `<br>`s) was segmented whole for each of its bare URLs: a
  // `<div>` of 2,000 took 4.4 s, 6,000 over two minutes.
  it('reads the claims of a block of HTML holding thousands of bare URLs in linear time', () => {
    const lines = Array.from({length: 6000}, (_, i) => `Pumps cut bills by ${i} percent, https://a.com/${i}.<br>`)
    const {citations} = extract(`<div>\n${lines.join('\n')}\n</div>`)
    const started = performance.now()
    const claims = citations.map((citation) => citation.claim)
    expect(performance.now() - started).toBeLessThan(10000)
    expect(claims.filter((claim, i) => claim !== `Pumps cut bills by ${i} percent, https://a.com/${i}.`)).toEqual([])
  }, 60000)
})

describe('linkedUrls (asked for as soon as a file is parsed)', () => {
  /** The URLs asked for early, and those the full extraction cites (normalised, as the verifier is asked). */
  function both(markdown: string, syntax: Syntax, options: Partial<ExtractOptions> = {}): {early: string[]; cited: Set<string>} {
    const file = new VFile(markdown)
    const processor = unified().use(remarkParse)
    if (syntax === 'gfm') processor.use(remarkGfm)
    if (syntax === 'mdx') processor.use(remarkMdx)
    const tree = processor.parse(file)
    const skip = options.skip ?? []
    const early = linkedUrls(tree, markdown, skip).map((found) => found.url)
    const cited = extractCitations(tree, file, {skip, jsxAttributes: {a: ['href']}, ...options})
    return {early, cited: new Set(cited.map((citation) => citation.normalizedUrl ?? citation.url))}
  }

  // The early ask must never fetch what the extraction would not cite: a URL in code, an image, a skipped URL,
  // the text of an HTML `<a>`.
  it.each(rows)('cites nothing more than the extraction: $name', ({markdown, syntax, options}) => {
    const {early, cited} = both(markdown, syntax ?? 'md', options)
    for (const url of early) expect(cited).toContain(url)
  })

  it('asks for nothing the extraction never cites (code, images, HTML comments, skipped URLs, expressions)', () => {
    const markdown = [
      '```\nhttps://code.com\n[a](https://code.com)\n```',
      'Use `https://ic.com` and ![alt](https://img.com/a.png) ![ref][img]',
      '[img]: https://img.com/b.png',
      '<!-- https://comment.com [a](https://comment2.com) -->',
      '[a](https://skip.example/x) https://skip.example/y'
    ].join('\n\n')
    expect(both(markdown, 'gfm', {skip: [/skip\.example/]}).early).toEqual([])
    expect(both('import a from "https://esm.com/a.js"\n\n{"https://expr.com"}', 'mdx').early).toEqual([])
  })

  it('finds links, autolinks, definitions and URLs in prose, but leaves text beside an HTML `<a>` or inside JSX to the extraction', () => {
    const markdown = [
      'See [a](https://a.com/x#part), <https://b.com>, [c][c] and https://d.com/y.',
      '[c]: https://c.com',
      'As <a href="https://e.com">https://f.com</a> shows.'
    ].join('\n\n')
    expect(both(markdown, 'md').early).toEqual(['https://a.com/x', 'https://b.com/', 'https://d.com/y', 'https://c.com/'])
    expect(both(markdown, 'gfm').early).toEqual(['https://a.com/x', 'https://b.com/', 'https://d.com/y', 'https://c.com/'])
    expect(both('<Note>Read https://g.com and [h](https://h.com).</Note>', 'mdx').early).toEqual(['https://h.com/'])
  })
})

describe('long and hostile input', () => {
  it('handles 20,000 lines with a link each', () => {
    const markdown = Array.from(
      {length: 20_000},
      (_, i) => `Line ${i} cites [Title number ${i}](https://example.com/${i}) and https://bare.com/${i}.`
    ).join('\n\n')
    const {citations} = extract(markdown)
    expect(citations).toHaveLength(40_000)
    expect(citations.at(-1)?.claim).toBe('Line 19999 cites Title number 19999 and https://bare.com/19999.')
  })

  it('finds the right sentence deep in one long paragraph', () => {
    const sentences = Array.from({length: 600}, (_, i) => `Sentence number ${i} is here.`)
    sentences[400] = 'The cited one [a](https://deep.com) is here.'
    const {citations} = extract(sentences.join(' '))
    expect(citations.map((citation) => citation.claim)).toEqual(['The cited one a is here.'])
  })

  it('survives deep nesting and long bracket runs', () => {
    const markdown = `${'>'.repeat(5000)} [a b](https://deep.com) https://x.com/${')'.repeat(50_000)}`
    const {citations} = extract(markdown)
    expect(citations.map((citation) => citation.url)).toEqual(['https://deep.com', 'https://x.com/'])
  })
})

describe('normalizeUrl', () => {
  it.each([
    ['HTTPS://Example.COM/a#Frag', {url: 'https://example.com/a', fragment: 'Frag'}],
    ['https://example.com/a#', {url: 'https://example.com/a', fragment: undefined}],
    ['https://a.b/c d', {url: 'https://a.b/c%20d', fragment: undefined}],
    ['javascript:alert(1)', {url: 'javascript:alert(1)', fragment: undefined}],
    ['https://exa mple.com', undefined],
    ['http://[::1', undefined],
    ['./relative', undefined]
  ])('%s', (raw, expected) => {
    expect(normalizeUrl(raw)).toEqual(expected)
  })
})

describe('readsLikeTitle', () => {
  it.each([
    ['The Art of War', true],
    ['Node.js release notes', true],
    ['here', false],
    ['Click here!', false],
    ['this link', false],
    ['Read more »', false],
    ['[1]', false],
    ['^1', false],
    ['42', false],
    ['Wikipedia', false],
    ['https://example.com/a b', false]
  ])('%s → %s', (text, expected) => {
    expect(readsLikeTitle(text)).toBe(expected)
  })

  it.each([
    ['e.g.', false], // one word, as `U.S.` and `don't` are
    ["don't panic", true],
    ['snake_case', false],
    ['node:fs', false],
    ['0x7f.0.0.1', true], // `0x7f` and `0.0.1`: a dot joins letters or digits, not one to the other
    ['/404.html', true],
    ['3,5 km', true]
  ])('ASCII words counted as Unicode segmentation counts them: %s → %s', (text, expected) => {
    expect(readsLikeTitle(text)).toBe(expected)
  })

  it('counts the words of any ASCII text as Intl.Segmenter does, without it (up to two)', () => {
    const segmenter = new Intl.Segmenter(undefined, {granularity: 'word'})
    const reference = (text: string) => Math.min(2, [...segmenter.segment(text)].filter((segment) => segment.isWordLike).length)
    const alphabet = " abcXYZ019_:.,;'\"-/!?()[]#@&*+=<>~`|\\\t"
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let index = 0; index < 5000; index++) {
      const text = Array.from({length: 1 + (index % 8)}, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
      expect([text, wordCount(text)]).toEqual([text, reference(text)])
    }
  })
})

describe('findBareUrls', () => {
  it.each([
    ['see https://a.com/x.', ['https://a.com/x']],
    ['(https://a.com/x)', ['https://a.com/x']],
    ['https://en.wikipedia.org/wiki/Foo_(bar))', ['https://en.wikipedia.org/wiki/Foo_(bar)']],
    ['“https://a.com/q?x=1”!', ['https://a.com/q?x=1']],
    ['xhttps://glued.com https:// https:///path', []],
    ['https://web.archive.org/web/1/https://a.com/', ['https://web.archive.org/web/1/https://a.com/']]
  ])('%s', (text, expected) => {
    expect(findBareUrls(text).map(({start, end}) => text.slice(start, end))).toEqual(expected)
  })

  /** With and without remark-gfm, `markdown` cites `urls` at their own characters, and asks for them early. */
  function citesAsWritten(markdown: string, urls: string[]): void {
    for (const syntax of ['md', 'gfm'] as const) {
      const {citations} = extract(markdown, syntax)
      expect([syntax, citations.map(({url, place}) => [url, markdown.slice(place.start.offset, place.end.offset)])]).toEqual([syntax, urls.map((url) => [url, url])])
      const tree = syntax === 'gfm' ? unified().use(remarkParse).use(remarkGfm).parse(markdown) : unified().use(remarkParse).parse(markdown)
      expect([syntax, linkedUrls(tree, markdown, []).map((found) => found.url)]).toEqual([syntax, urls])
    }
  }

  // Only an ASCII letter glues, as GFM reads it: without remark-gfm, a URL right after Chinese text was not cited.
  it('cites and asks for a URL written right after CJK text, with or without remark-gfm', () => {
    citesAsWritten('详见https://example.com/cn。', ['https://example.com/cn'])
  })

  // Without remark-gfm, `__init__` is strong text: the URL was cited, and called dead, as https://example.com/pkg/.
  it('cites a URL whole when Markdown without remark-gfm reads emphasis inside it, with or without remark-gfm', () => {
    const markdown = 'See https://example.com/pkg/__init__.py, https://example.com/*a*/b and *https://example.com/c*.'
    citesAsWritten(markdown, ['https://example.com/pkg/__init__.py', 'https://example.com/*a*/b', 'https://example.com/c'])
  })

  // A URL in a URL, after emphasis (a Wayback search), was cited again inside the first: two overlapping citations.
  it('cites a URL that goes on through emphasis once, not the URLs inside it too, with or without remark-gfm', () => {
    citesAsWritten('All copies: https://web.archive.org/web/*/https://example.com/* and https://example.com/*a*https://example.com/b.', [
      'https://web.archive.org/web/*/https://example.com/',
      'https://example.com/*a*https://example.com/b'
    ])
  })

  // A French or German quote's closing mark was the URL's: `https://example.com/fr%C2%BB`, a 404, was called dead.
  it('leaves a closing guillemet or German quote out of a URL\'s end, with or without remark-gfm', () => {
    const markdown = 'Le rapport «https://example.com/fr», der Bericht „https://example.com/de“ und »https://example.com/dk«.'
    citesAsWritten(markdown, ['https://example.com/fr', 'https://example.com/de', 'https://example.com/dk'])
  })

  // Since the closing quotes were trimmed, a page titled with quotes, written unencoded, lost its closing one: the
  // cited `…/План_«Барбаросса` is another page, a 404 called dead.
  it('keeps a closing guillemet or German quote at a URL\'s end when the URL opens it, with or without remark-gfm', () => {
    const markdown = 'См. https://ru.wikipedia.org/wiki/План_«Барбаросса», «https://example.com/«a»» и „https://example.com/„b““.'
    const urls = ['https://ru.wikipedia.org/wiki/План_«Барбаросса»', 'https://example.com/«a»', 'https://example.com/„b“']
    for (const syntax of ['md', 'gfm'] as const) {
      const {citations} = extract(markdown, syntax)
      expect([syntax, citations.map(({url, place}) => [url, markdown.slice(place.start.offset, place.end.offset)])]).toEqual([syntax, urls.map((url) => [url, url])])
    }
  })

  // Without remark-gfm, `~~` is no strikethrough: the URL was cited, and called dead, as https://example.com/x~~.
  it('leaves the `~`, `*` and `_` that GFM leaves out of a URL\'s end out, with or without remark-gfm', () => {
    const markdown = 'Gone: ~~https://example.com/x~~, see https://example.com/y* and https://example.com/z_.'
    citesAsWritten(markdown, ['https://example.com/x', 'https://example.com/y', 'https://example.com/z'])
  })

  // GFM reads both as one literal, cut at the `。`: with remark-gfm, the second URL was neither cited nor asked for.
  it('cites each URL of a Chinese sentence run without spaces, with or without remark-gfm', () => {
    citesAsWritten('数据来自https://example.com/x。另见https://example.com/y。', ['https://example.com/x', 'https://example.com/y'])
  })

  // After a `[` not yet closed, remark-gfm links a URL only after parsing, and that link has no position: with
  // remark-gfm, `[see https://…]` was neither cited nor asked for, however dead.
  it('cites a URL in square brackets at its own characters, with or without remark-gfm', () => {
    citesAsWritten('Sources: [see https://example.com/a] and (see [https://example.com/b]).', ['https://example.com/a', 'https://example.com/b'])
    const {citations} = extract('[Draft, see www.example.com/d.', 'gfm')
    expect(citations.map(({url, place}) => [url, place.start.column, place.end.column])).toEqual([['http://www.example.com/d', 13, 30]])
  })

  // Each URL looked for where it ends past all the emphasis after it: 8,000 took 2 s, each walk.
  it('reads a paragraph of thousands of URLs with emphasis in them in linear time', () => {
    const markdown = 'https://example.com/_x_/ y '.repeat(8000)
    const file = new VFile(markdown)
    const tree = unified().use(remarkParse).parse(file)
    const started = performance.now()
    const citations = extractCitations(tree, file, {skip: [], jsxAttributes: {}})
    const asked = linkedUrls(tree, markdown, [])
    expect(performance.now() - started).toBeLessThan(1000)
    expect(new Set([...citations.map(({url}) => url), ...asked.map(({url}) => url)])).toEqual(new Set(['https://example.com/_x_/']))
    expect([citations.length, asked.length]).toEqual([8000, 8000])
  })
})

describe('inline math written with dollars, without remark-math', () => {
  const cited = (markdown: string, syntax: Syntax) =>
    extract(markdown, syntax).citations.map(({url, place}) => [url, markdown.slice(place.start.offset, place.end.offset)])

  /** With and without remark-gfm, `markdown` cites `url` at its own characters and asks for it early (other hosts aside). */
  function citesAndAsks(markdown: string, url: string): void {
    for (const syntax of ['md', 'gfm'] as const) {
      const cites = cited(markdown, syntax).filter(([found]) => found?.startsWith('https://example.com/'))
      expect([syntax, cites]).toEqual([syntax, [[url, url]]])
      const tree = syntax === 'gfm' ? unified().use(remarkParse).use(remarkGfm).parse(markdown) : unified().use(remarkParse).parse(markdown)
      expect(linkedUrls(tree, markdown, []).map((found) => found.url)).toContain(url)
    }
  }

  // The `$` that closes the math is not the URL's, as an unbalanced `)` is not: remark-gfm itself keeps it.
  it.each([
    ['Math $https://example.com/m$ here.', 'https://example.com/m'],
    ['Math $x = https://example.com/m$.', 'https://example.com/m'],
    ['Math ($https://example.com/m.$).', 'https://example.com/m'],
    ['Display $$https://example.com/m$$ here.', 'https://example.com/m'],
    ['Math $a$ and $https://example.com/m$ here.', 'https://example.com/m'],
    // No math is open: the `$` is the URL's.
    ['Priced at https://example.com/a$ here.', 'https://example.com/a$'],
    ['Math $a$ then https://example.com/a$ here.', 'https://example.com/a$']
  ])('%s', (markdown, url) => {
    for (const syntax of ['md', 'gfm'] as const) expect(cited(markdown, syntax)).toEqual([[url, url]])
  })

  // The first URL's `$` opened no math: without remark-gfm, the second was cited as https://example.com/b.
  it('a `$` a URL keeps opens no math', () => {
    const markdown = 'Priced at https://example.com/a$ and https://example.com/b$ here.'
    for (const syntax of ['md', 'gfm'] as const) {
      expect(cited(markdown, syntax)).toEqual([['https://example.com/a$', 'https://example.com/a$'], ['https://example.com/b$', 'https://example.com/b$']])
    }
  })

  // Each text was read alone: emphasis, strikethrough or a link between the dollars ended the math, so the URL
  // after it was cited, and asked for, with the `$` that closes it.
  it.each([
    ['Math $a *b* https://example.com/m$ here.', 'https://example.com/m'],
    ['Math $a ~~b~~ https://example.com/m$ here.', 'https://example.com/m'],
    ['Math $a [b](https://b.example/) https://example.com/m$ here.', 'https://example.com/m'],
    ['Math *$a* https://example.com/m$ here.', 'https://example.com/m'],
    ['Math $x *y*\nhttps://example.com/m$ here.', 'https://example.com/m'],
    ['| Math |\n| - |\n| $a **b** https://example.com/m$ |', 'https://example.com/m'],
    // Closed before the emphasis, or only in code: the `$` is the URL's.
    ['Math $a$ *b* https://example.com/a$ here.', 'https://example.com/a$'],
    ['Code `$a` *b* https://example.com/a$ here.', 'https://example.com/a$'],
    ['Link <https://b.example/$> *b* https://example.com/a$ here.', 'https://example.com/a$']
  ])('math stays open past emphasis and links: %s', citesAndAsks)

  // `\$` is a dollar, not math: 'Costs \$5, see $x = https://…/m$' cited https://…/m$, the `\$` having opened the math
  // that the `$x` then closed. Inside math a backslash escapes nothing, as remark-math reads `$a \$` as the math `a \`.
  it.each([
    ['Costs \\$5, see $x = https://example.com/m$ here.', 'https://example.com/m'],
    ['Costs \\$5 and https://example.com/a$ here.', 'https://example.com/a$'],
    ['Costs \\$5 and *\\$6*, see $x = https://example.com/m$ here.', 'https://example.com/m'],
    ['A backslash \\\\$x = https://example.com/m$ here.', 'https://example.com/m'],
    ['Math $a \\$ https://example.com/a$ here.', 'https://example.com/a$']
  ])('an escaped dollar opens no math: %s', citesAndAsks)

  // Hostile input: 100,000 characters of dollars, escaped dollars and URLs are scanned once, and a paragraph that
  // emphasis splits into a text per URL is read once, not once per URL.
  it('reads a long line of dollars in linear time', () => {
    const line = '$\\$ \\$$ $$ https://example.com/m$ \\\\$'.repeat(3000)
    expect(scanBareUrls(line, 0, true).urls).toHaveLength(3000)
    const markdown = '\\$ $a *b* https://example.com/m$ '.repeat(1000)
    for (const syntax of ['md', 'gfm'] as const) {
      expect(new Set(cited(markdown, syntax).flat())).toEqual(new Set(['https://example.com/m']))
    }
  })

  it('is asked for early as it is cited', () => {
    const tree = unified().use(remarkParse).use(remarkGfm).parse('Math $https://example.com/m$ here.')
    expect(linkedUrls(tree, 'Math $https://example.com/m$ here.', []).map((found) => found.url)).toEqual(['https://example.com/m'])
  })
})

describe('code elements in raw HTML and MDX', () => {
  const urls = (markdown: string, syntax: Syntax) => extract(markdown, syntax).citations.map((citation) => citation.url)

  // A URL in code is an example, as in backticks; a link written as one is still a link.
  it.each([
    ['inline <code>', 'Call <code>https://api.example.com/v1</code> as in `https://api.example.com/v2`, see https://docs.example/.'],
    ['<pre>, <kbd>, <samp>, attributes, emphasis', 'Type <kbd>https://a.example/</kbd>, get <samp>see *https://b.example/*</samp>, <pre class="x">https://c.example/</pre>; see https://docs.example/.'],
    ['a <code> block around paragraphs', '<code>\n\nhttps://a.example/\n\n</code>\n\nSee https://docs.example/.']
  ])('%s', (_name, markdown) => {
    for (const syntax of ['md', 'gfm', 'mdx'] as const) expect(urls(markdown, syntax)).toEqual(['https://docs.example/'])
  })

  it('cites an `<a href>` and a link inside code, and what follows an unclosed one is code', () => {
    const markdown = 'See <code><a href="https://a.example/">https://a.example/</a></code> and <code>[b](https://b.example/)</code>.'
    for (const syntax of ['md', 'gfm'] as const) expect(urls(markdown, syntax)).toEqual(['https://a.example/', 'https://b.example/'])
    expect(urls('Run <code>https://a.example/ to start.', 'gfm')).toEqual([])
  })

  it('is not asked for early', () => {
    const markdown = 'Call <code>https://api.example.com/v1</code> or <code>*https://api.example.com/v2*</code>, see https://docs.example/.'
    const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown)
    expect(linkedUrls(tree, markdown, []).map((found) => found.url)).toEqual([])
  })

  // Each unclosed tag silenced the rest of the paragraph again: 6,000 `<kbd>` or 3,000 `<a>` took seconds.
  it('reads a paragraph of unclosed tags in linear time', () => {
    for (const [markdown, cited] of [
      ['Type <kbd> and '.repeat(6000) + 'https://a.example/.', 0],
      ['See <a href="https://a.example/"> and '.repeat(3000), 3000]
    ] as const) {
      const file = new VFile(markdown)
      const tree = unified().use(remarkParse).parse(file)
      const started = performance.now()
      expect(extractCitations(tree, file, {skip: [], jsxAttributes: {}})).toHaveLength(cited)
      expect(performance.now() - started).toBeLessThan(1000)
    }
  })

  // Since afb2355 a comment or a block of HTML anywhere at the top level kept every bare URL and literal of the
  // document from being asked for early.
  it('leaves the prose beside a comment or a block of HTML to be asked for early', () => {
    const markdown = '<!-- markdownlint-disable -->\n\nSee https://a.example/ and www.b.example.\n\n<p align="center"><a href="https://c.example/"><img src="c.png"></a></p>\n\n- Or <br> https://d.example/'
    const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown)
    expect(linkedUrls(tree, markdown, []).map((found) => found.url)).toEqual(['https://a.example/', 'http://www.b.example/', 'https://d.example/'])
    expect(urls(markdown, 'gfm')).toEqual(['https://a.example/', 'http://www.b.example', 'https://c.example/', 'https://d.example/'])
  })
})
