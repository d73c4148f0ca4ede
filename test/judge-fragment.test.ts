// citation-fragment's judgment: which `#fragments` count as missing, and the anchor it suggests instead.

import {describe, expect, it} from 'vitest'
import {judgeFragment, nearestAnchor} from '../src/judge/fragment.js'
import {maxAnchors} from '../src/page/anchors.js'
import {citation, source} from './helpers/source.js'

const anchors = ['introduction', 'install', 'usage', 'api-reference', 'user-content-faq', 'L10']

function judge(url: string, pageAnchors = anchors, finalUrl?: string) {
  const base = url.replace(/#.*$/, '')
  return judgeFragment(citation(url), source(base, {anchors: pageAnchors}, finalUrl ? {finalUrl} : {}))
}

describe('citation-fragment', () => {
  it.each([
    ['an existing id', 'https://docs.example/guide#usage'],
    ['a percent-encoded id', 'https://docs.example/guide#api%2Dreference'],
    ['GitHub’s user-content- prefix', 'https://docs.example/guide#faq'],
    ['#top, always valid', 'https://docs.example/guide#top'],
    ['an empty fragment', 'https://docs.example/guide#'],
    ['a text fragment', 'https://docs.example/guide#:~:text=hello%20world'],
    ['a hash route', 'https://app.example/#/settings/profile'],
    ['a hash-bang route', 'https://app.example/#!/settings'],
    ['a PDF page', 'https://docs.example/guide#page=3']
  ])('is silent for %s', (_, url) => {
    expect(judge(url)).toBeUndefined()
  })

  it.each([
    ['GitHub line', 'https://github.com/acme/tool/blob/main/src/a.ts#L10'],
    ['GitHub range', 'https://github.com/acme/tool/blob/main/src/a.ts#L10-L20'],
    ['GitHub line and column', 'https://github.com/acme/tool/blob/main/src/a.ts#L10C5'],
    ['GitLab line range', 'https://gitlab.com/acme/tool/-/blob/main/a.ts#L10-20']
  ])('leaves %s anchors to the code host’s script', (_, url) => {
    expect(judgeFragment(citation(url), source(url.replace(/#.*/, ''), {anchors: ['readme']}))).toBeUndefined()
  })

  it('reports a missing anchor and offers the nearest as the fix', () => {
    const verdict = judge('https://docs.example/guide#instal')
    expect(verdict).toMatchObject({status: 'mismatch', action: 'flagged', rule: 'citation-fragment'})
    expect(verdict?.message).toBe(
      'Unexpected missing anchor `#instal` in citation `https://docs.example/guide#instal`, expected an id on the page such as `#install`'
    )
    expect(verdict?.expected).toBe('https://docs.example/guide#install')
  })

  it('suggests nothing when no anchor is close', () => {
    const verdict = judge('https://docs.example/guide#changelog-2019')
    expect(verdict?.message).toBe(
      'Unexpected missing anchor `#changelog-2019` in citation `https://docs.example/guide#changelog-2019`, expected an id on the page'
    )
    expect(verdict?.expected).toBeUndefined()
  })

  it('says nothing about pages without a single id (script-rendered, not HTML)', () => {
    expect(judge('https://docs.example/guide#anything', [])).toBeUndefined()
  })

  it('says nothing about pages it could not read', () => {
    const url = 'https://docs.example/gone#usage'
    expect(judgeFragment(citation(url), source('https://docs.example/gone', {anchors}, {liveness: 'dead', status: 404}))).toBeUndefined()
  })

  it('suggests a prefix match and strips GitHub’s prefix from a suggestion', () => {
    expect(nearestAnchor('intro', anchors)).toBe('introduction')
    expect(nearestAnchor('fqa', anchors)).toBe('faq')
    expect(nearestAnchor('Install', anchors)).toBe('install')
  })

  it('does not suggest an anchor that only starts what was written, or another number', () => {
    // `#c` starts `configuration`, but `#configuration-file` is the one meant.
    expect(nearestAnchor('configuration', ['c', 'usage', 'configuration-file'])).toBe('configuration-file')
    expect(nearestAnchor('section-12', ['section-1', 'section-2', 'section-3'])).toBeUndefined()
    expect(nearestAnchor('sec-5500', ['sec-5', 'sec-55'])).toBeUndefined()
  })

  it('says nothing when the anchor may be past what was read: a body cut at the size cap, or more ids than are kept', () => {
    const url = 'https://spec.example/#conclusion'
    expect(judgeFragment(citation(url), source('https://spec.example/', {anchors, truncated: true}))).toBeUndefined()
    const many = Array.from({length: maxAnchors}, (_, index) => `sec-${index}`)
    expect(judge('https://spec.example/#sec-5500', many)).toBeUndefined()
    expect(judge('https://spec.example/#sec-x', many.slice(0, 100))).toBeDefined()
  })
})
