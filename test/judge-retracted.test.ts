// citation-retracted's message: the registry's own wording of a notice, shortened where a reader sees characters.

import {describe, expect, it} from 'vitest'
import {judgeRetracted} from '../src/judge/retracted.js'
import {identify} from '../src/resolve/identifiers.js'
import {citation, source} from './helpers/source.js'

const url = 'https://arxiv.org/abs/2101.00001'

function withdrawn(label: string): string | undefined {
  const identifier = identify(url)!
  const metadata = {identifier, title: 'A result', type: 'preprint', registry: 'arxiv', notices: [{kind: 'withdrawal', source: 'arxiv', label}]} as const
  return judgeRetracted(citation(url), source(url, {}, {work: {identifier, outcome: 'found', registry: 'arxiv', metadata: {...metadata, notices: [...metadata.notices]}}}))?.message
}

describe('citation-retracted', () => {
  it('shortens a long withdrawal comment between characters: an emoji or an accent at the cut is never split', () => {
    // Cut at 79 UTF-16 units, the emoji's surrogate pair was split: a lone half ('\ud83d', '�' on screen, invalid in
    // JSON and SARIF readers that check), and a decomposed é lost its accent.
    const emoji = withdrawn(`${'x'.repeat(78)}😀 and more words after the emoji`)!
    expect(emoji).toMatch(/arXiv: x{78}😀…`\)$/u)
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    const accent = withdrawn(`${'x'.repeat(78)}e\u0301 and more words after the accent`)!
    expect(accent).toMatch(/arXiv: x{78}e\u0301…`\)$/)
    expect(withdrawn('Withdrawn: the `main` lemma fails')).toContain("arXiv: Withdrawn: the 'main' lemma fails`)")
  })
})
