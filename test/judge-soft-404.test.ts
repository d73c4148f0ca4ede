// citation-soft-404's judgment: certain signs remove, likely ones flag; the sibling probe's outcomes; when to probe.

import {describe, expect, it} from 'vitest'
import {isHome, judgeSoft404, wantsSiblingProbe} from '../src/judge/soft-404.js'
import {compareSibling, pageSimilarity, siblingUrl} from '../src/verify/sibling.js'
import type {SourceReport} from '../src/types.js'
import {citation, source} from './helpers/source.js'

const article = 'A long article about the history of typesetting and the people who made it. '.repeat(10)

function redirected(from: string, to: string, status = 301): SourceReport {
  return source(from, {titles: [{source: 'title', text: 'Welcome'}], passages: [article]}, {
    finalUrl: to,
    hops: [{url: from, status, location: to}, {url: to, status: 200}]
  })
}

describe('citation-soft-404', () => {
  it('removes a deep link redirected to the home page (certain: an error)', () => {
    const url = 'https://news.example/2019/05/story-about-things'
    const verdict = judgeSoft404(citation(url), redirected(url, 'https://news.example/'))
    expect(verdict).toMatchObject({status: 'invalid', action: 'removed', rule: 'citation-soft-404', certain: true})
    expect(verdict?.message).toBe(
      'Unexpected soft 404 at citation `https://news.example/2019/05/story-about-things`, expected a live source (`redirects to the home page https://news.example/`)'
    )
  })

  it.each([
    ['a language home page', 'https://news.example/en/'],
    ['an index page', 'https://www.news.example/index.html']
  ])('counts %s as the home page', (_, home) => {
    const url = 'https://news.example/2019/05/story'
    expect(judgeSoft404(citation(url), redirected(url, home))?.action).toBe('removed')
  })

  it('a deep link of 200,000 slashes redirected to another page is probed, decided at once', () => {
    // Trimming the trailing slashes of each path tried each `/` of the run: a minute.
    const url = `https://news.example/2019${'/'.repeat(200_000)}story`
    expect(wantsSiblingProbe(redirected(url, 'https://news.example/welcome'))).toBe(true)
  })

  it('a two-letter section that is not a language is not a home page', () => {
    const url = 'https://news.example/2019/05/story'
    expect(judgeSoft404(citation(url), redirected(url, 'https://news.example/ai'))?.action).not.toBe('removed')
    expect(isHome('https://news.example/tv/')).toBe(false)
    expect(isHome('https://news.example/pt-BR/')).toBe(true)
  })

  // A one-page site that moved `/pricing` to a section of its home page (`Location: /#pricing`) had its link removed.
  it('a deep link redirected to a section of the home page (an id on it) moved there: no soft 404', () => {
    const toSection = (url: string, fragment: string): SourceReport => {
      const report = redirected(url, 'https://acme.example/')
      return {...report, hops: [{...report.hops[0]!, location: `https://acme.example/#${fragment}`, fragment}, report.hops[1]!], page: {...report.page!, anchors: ['top', 'pricing', 'café']}}
    }
    const url = 'https://acme.example/pricing'
    expect(judgeSoft404(citation(url), toSection(url, 'pricing'))).toBeUndefined()
    expect(judgeSoft404(citation(url), toSection(url, 'caf%C3%A9'))).toBeUndefined()
    // A made-up sibling sent to the home page itself, not to the section, is another place.
    const sibling = redirected('https://acme.example/qwerty', 'https://acme.example/')
    expect(compareSibling(toSection(url, 'pricing'), sibling, 's').outcome).not.toBe('same-redirect')
    expect(judgeSoft404(citation(url), toSection(url, 'pricing'), compareSibling(toSection(url, 'pricing'), sibling, 's'))).toBeUndefined()
    // A fragment the home page has no id for (a script's route, `#/`) is the home page.
    expect(judgeSoft404(citation(url), toSection(url, '/'))?.action).toBe('removed')
    expect(judgeSoft404(citation(url), toSection(url, 'contact'))?.action).toBe('removed')
  })

  it('never calls a home page itself a soft 404', () => {
    const url = 'https://news.example/'
    expect(judgeSoft404(citation(url), redirected(url, 'https://news.example/en/'))).toBeUndefined()
    expect(isHome('https://news.example/?p=12')).toBe(false)
  })

  it('removes a page with a certain not-found sign', () => {
    const byUrl = source('https://shop.example/p/1', {notFound: {reason: 'URL path /404.html', certain: true}})
    const byTitle = source('https://shop.example/p/2', {notFound: {reason: 'title “Page not found”', certain: true}})
    expect(judgeSoft404(citation('https://shop.example/p/1'), byUrl)?.action).toBe('removed')
    expect(judgeSoft404(citation('https://shop.example/p/2'), byTitle)?.message).toContain('(`title “Page not found”`)')
    // Unless the site answers a made-up sibling with a real 404: then the page is one of its own.
    expect(wantsSiblingProbe(byTitle)).toBe(true)
    expect(judgeSoft404(citation('https://shop.example/p/2'), byTitle, {url: 'x', outcome: 'real-404'})).toBeUndefined()
    expect(judgeSoft404(citation('https://shop.example/p/2'), byTitle, {url: 'x', outcome: 'same-page', similarity: 1})?.action).toBe('removed')
  })

  it('flags a page with a likely sign (a warning), unless the sibling probe got a real 404', () => {
    const url = 'https://shop.example/p/3'
    const report = source(url, {notFound: {reason: 'page text “the page you are looking for”', certain: false}})
    const verdict = judgeSoft404(citation(url), report)
    expect(verdict).toMatchObject({action: 'flagged', status: 'mismatch'})
    expect(verdict?.certain).toBeUndefined()
    expect(verdict?.message).toMatch(/^Unexpected likely soft 404 at citation/)
    // The site answers a page that cannot exist with a real 404: a help article quoting the phrase is real.
    expect(judgeSoft404(citation(url), report, {url: 'x', outcome: 'real-404'})).toBeUndefined()
    expect(judgeSoft404(citation(url), report, {url: 'x', outcome: 'inconclusive'})?.action).toBe('flagged')
  })

  it('uses the sibling probe: same redirect removes, same page flags, a real 404 clears', () => {
    const url = 'https://blog.example/posts/old-post'
    const report = redirected(url, 'https://blog.example/posts/')
    expect(judgeSoft404(citation(url), report)).toBeUndefined()
    expect(judgeSoft404(citation(url), report, {url: 'x', outcome: 'same-redirect'})?.action).toBe('removed')
    expect(judgeSoft404(citation(url), report, {url: 'x', outcome: 'same-page', similarity: 0.97})?.message).toContain(
      'a made-up sibling page shows the same page (similarity 0.97)'
    )
    expect(judgeSoft404(citation(url), report, {url: 'x', outcome: 'real-404'})).toBeUndefined()
    expect(judgeSoft404(citation(url), report, {url: 'x', outcome: 'inconclusive'})).toBeUndefined()
  })

  it('probes only suspicious deep pages', () => {
    const full = source('https://blog.example/posts/a', {passages: [article]})
    expect(wantsSiblingProbe(full)).toBe(false)
    expect(wantsSiblingProbe(source('https://blog.example/posts/a', {passages: []}))).toBe(true)
    expect(wantsSiblingProbe(source('https://blog.example/posts/a', {passages: [article], noindex: true}))).toBe(true)
    expect(wantsSiblingProbe(redirected('https://blog.example/posts/a', 'https://blog.example/posts/'))).toBe(true)
    expect(wantsSiblingProbe(source('https://blog.example/', {passages: []}))).toBe(false)
    // Certain already: no need to ask.
    expect(wantsSiblingProbe(redirected('https://blog.example/posts/a', 'https://blog.example/'))).toBe(false)
  })
})

describe('sibling probe', () => {
  it('asks the parent folder for a stable made-up page', () => {
    const a = siblingUrl('https://blog.example/posts/a?x=1#y')
    expect(a).toMatch(/^https:\/\/blog\.example\/posts\/[a-z]{25}$/)
    expect(siblingUrl('https://blog.example/posts/b')).toBe(a)
    expect(siblingUrl('https://blog.example/posts/')).toMatch(/^https:\/\/blog\.example\/[a-z]{25}$/)
    expect(siblingUrl('https://blog.example/')).toBeUndefined()
  })

  it('compares outcomes', () => {
    const cited = redirected('https://blog.example/posts/a', 'https://blog.example/posts/')
    const sibling = redirected('https://blog.example/posts/zzz', 'https://blog.example/posts/')
    expect(compareSibling(cited, sibling, 's').outcome).toBe('same-redirect')
    expect(compareSibling(cited, {...sibling, liveness: 'dead', status: 404}, 's').outcome).toBe('real-404')
    expect(compareSibling(cited, {...sibling, liveness: 'blocked'}, 's').outcome).toBe('inconclusive')
    const page = source('https://spa.example/app/a', {titles: [{source: 'title', text: 'App'}], passages: [article]})
    const same = source('https://spa.example/app/qwerty', {titles: [{source: 'title', text: 'App'}], passages: [article]})
    expect(compareSibling(page, same, 's')).toMatchObject({outcome: 'same-page', similarity: 1})
    const other = source('https://spa.example/app/b', {passages: ['Completely different words about gardening and soil in spring.']})
    expect(compareSibling(page, other, 's').outcome).toBe('differs')
  })

  it('a cited file of another type than the made-up page is not that page', () => {
    // A site that answers unknown paths with an empty HTML shell (a single-page app's host): no words on either side.
    const shell = source('https://spa.example/files/qwerty', {contentType: 'text/html'})
    for (const contentType of ['application/pdf', 'image/png', 'application/json']) {
      const file = source('https://spa.example/files/paper', {contentType})
      expect(compareSibling(file, shell, 's').outcome).toBe('differs')
      expect(judgeSoft404(citation('https://spa.example/files/paper'), file, compareSibling(file, shell, 's'))).toBeUndefined()
    }
    // The same shell at both addresses is the same page.
    expect(compareSibling({...shell, url: 'https://spa.example/files/app'}, shell, 's').outcome).toBe('same-page')
  })

  it('a cited file and a made-up page of one type other than HTML are not compared: no words are read from either', () => {
    // An API that answers any id with JSON, a CDN that answers any path with a placeholder image.
    for (const contentType of ['application/json', 'image/png', 'application/pdf']) {
      const file = source('https://api.example/v1/items/42', {contentType})
      const sibling = source('https://api.example/v1/items/qwerty', {contentType: `${contentType}; charset=utf-8`})
      expect(compareSibling(file, sibling, 's').outcome).toBe('differs')
      expect(judgeSoft404(citation('https://api.example/v1/items/42'), file, compareSibling(file, sibling, 's'))).toBeUndefined()
    }
  })

  // A site with no real 404s answered the made-up page with its "Page not found", unlike the cited page, and still a
  // thin page titled "404 Error Codes Explained" was flagged, and one titled "Not Found: a novel" removed.
  it('a page unlike the not-found page the site answers a made-up sibling with keeps no not-found sign', () => {
    const folder = 'https://blog.example/posts/'
    const notFoundPage = (url: string, title: string, related: string) =>
      source(url, {titles: [{source: 'title', text: title}], passages: ["Sorry, we can't find that page.", related], notFound: {reason: `title “${title}”`, certain: true}})
    const sibling = notFoundPage(`${folder}qwertyuiopasdfghjklzxcvbn`, 'Page not found | Blog', 'Related: tomatoes, roses and hedges in May.')
    const articles = [
      source(`${folder}http-errors`, {titles: [{source: 'title', text: '404 Error Codes Explained'}], passages: [article], notFound: {reason: 'title “404 Error Codes Explained”', certain: false}}),
      source(`${folder}novel`, {titles: [{source: 'title', text: 'Not Found: a novel | Blog'}], passages: [article], notFound: {reason: 'title “Not Found: a novel | Blog”', certain: true}})
    ]
    for (const cited of articles) {
      expect(compareSibling(cited, sibling, 's').outcome).toBe('other-404')
      expect(judgeSoft404(citation(cited.url), cited, compareSibling(cited, sibling, 's'))).toBeUndefined()
    }
    // The site's one not-found page, with other related links, or with its title echoing the slug, is still gone.
    const gone = [
      notFoundPage(`${folder}old-story`, 'Page not found | Blog', 'Related: sourdough, pizza ovens and rye in winter.'),
      notFoundPage(`${folder}old-story`, 'Old story not found | Blog', 'Related: sourdough, pizza ovens and rye in winter.')
    ]
    const echoing = notFoundPage(`${folder}qwertyuiopasdfghjklzxcvbn`, 'Qwertyuiopasdfghjklzxcvbn not found | Blog', 'Related: tomatoes.')
    for (const [cited, made] of [[gone[0]!, sibling], [gone[1]!, echoing]] as const) {
      expect(compareSibling(cited, made, 's').outcome).toBe('differs')
      expect(judgeSoft404(citation(cited.url), cited, compareSibling(cited, made, 's'))?.action).toBe('removed')
    }
  })

  // A site's one not-found page echoing the slug as a reader sees it: a number too short for a word ('Post 42') or a
  // decoded slug ('Café' of `/wiki/Caf%C3%A9`) made its sign differ from the made-up sibling's, and the soft 404 passed.
  it('a not-found page echoing a short number or a percent-encoded slug is still the site’s one not-found page', () => {
    const page = (url: string, name: string) => {
      const title = `${name} not found | Wiki`
      return source(url, {titles: [{source: 'title', text: title}], passages: [`There is no page ${name} here. Go back home.`], notFound: {reason: `title “${title}”`, certain: false}})
    }
    const sibling = page('https://wiki.example/w/qwertyuiopasdfghjklzxcvbn', 'Qwertyuiopasdfghjklzxcvbn')
    for (const cited of [page('https://wiki.example/w/42', '42'), page('https://wiki.example/w/Caf%C3%A9', 'Café')]) {
      expect(compareSibling(cited, sibling, 's').outcome).not.toBe('other-404')
      expect(judgeSoft404(citation(cited.url), cited, compareSibling(cited, sibling, 's'))?.action).toBe('flagged')
    }
  })

  // A site that sends unknown paths to its search (`/blog/old-post` → `/search?q=old+post`), whose page echoes the query:
  // the cited slug was read from the final URL's path (`search`), so the echoed words made the one page two, and the
  // cited page's sign was cleared as another page's.
  it('a site that sends unknown paths to a search echoing them answers both with its one not-found page', () => {
    const moved = (slug: string, query: string) =>
      source(`https://blog.example/blog/${slug}`, {titles: [{source: 'title', text: `Search: ${query} | Blog`}], passages: [`Nothing found for “${query}”. Try again.`], notFound: {reason: `h1 “Nothing found for “${query}””`, certain: true}}, {
        finalUrl: `https://blog.example/search?q=${encodeURIComponent(query)}`,
        hops: [{url: `https://blog.example/blog/${slug}`, status: 302, location: `https://blog.example/search?q=${encodeURIComponent(query)}`}, {url: 'https://blog.example/search', status: 200}]
      })
    const cited = moved('old-post', 'old post')
    const sibling = moved('qwertyuiopasdfghjklzxcvbn', 'qwertyuiopasdfghjklzxcvbn')
    expect(compareSibling(cited, sibling, 's').outcome).not.toBe('other-404')
    expect(judgeSoft404(citation(cited.url), cited, compareSibling(cited, sibling, 's'))?.action).toBe('removed')
  })

  it('ignores the echoed path when comparing pages', () => {
    const a = source('https://x.example/d/alpha-beta', {passages: ['Sorry, alpha beta is not here. Try the search box above.']})
    const b = source('https://x.example/d/qwzx', {passages: ['Sorry, qwzx is not here. Try the search box above.']})
    expect(pageSimilarity(a, b)).toBe(1)
  })

  // The cited slug's words were taken from the cited page only: an invented `/the-future-of-ai-in-healthcare` lost
  // `the` from "the page you're looking for", and a site's one error page no longer matched itself (0.75).
  it('takes both slugs’ words from both pages: the same error page is the same page, whatever the slug says', () => {
    const error = ["Oops! We can't seem to find the page you're looking for.", 'Home News Science About us Contact']
    const cited = source('https://news.example/blog/the-future-of-ai-in-healthcare', {titles: [{source: 'title', text: 'Daily Planet'}], passages: error})
    const sibling = source('https://news.example/blog/qwertyuiopasdfghjklzxcvbn', {titles: [{source: 'title', text: 'Daily Planet'}], passages: error})
    expect(compareSibling(cited, sibling, 's')).toMatchObject({outcome: 'same-page', similarity: 1})
    expect(judgeSoft404(citation(cited.url), cited, compareSibling(cited, sibling, 's'))?.message).toBe(
      'Unexpected likely soft 404 at citation `https://news.example/blog/the-future-of-ai-in-healthcare`, expected a live source (`a made-up sibling page shows the same page (similarity 1.00)`)'
    )
  })
})
