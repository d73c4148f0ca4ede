// Every rule's readme examples, run as written: input Markdown, expected messages (docs are tests).

import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lint} from './helpers/lint.js'

const rules = resolve(import.meta.dirname, '..', 'rules')
/** A rule's own recorded responses when it has them, else the ones the liveness rules share. */
function fixturesOf(rule: string): string {
  const own = join(rules, rule, 'examples.fixtures.json')
  return existsSync(own) ? own : join(rules, 'examples.fixtures.json')
}

interface Example {
  name: string
  markdown: string
  expected: string[]
}

/** `### \`name.md\`` headings, each followed by a markdown block and a text block or "No messages.". */
function examples(readme: string): Example[] {
  const found: Example[] = []
  const pattern = /^### `([^`]+)`\n[\s\S]*?```markdown\n([\s\S]*?)```\n+(?:```text\n([\s\S]*?)```|No messages\.)/gm
  for (const match of readme.matchAll(pattern)) {
    found.push({name: match[1]!, markdown: match[2]!, expected: match[3] ? match[3].trimEnd().split('\n') : []})
  }
  return found
}

afterAll(() => closeSharedVerifiers())

for (const rule of readdirSync(rules).filter((name) => name.startsWith('citation-'))) {
  const path = join(rules, rule, 'readme.md')
  const readme = existsSync(path) ? readFileSync(path, 'utf8') : ''
  describe(`${rule} readme`, () => {
    it('has examples', () => {
      expect(examples(readme).length).toBeGreaterThanOrEqual(2)
    })
    for (const example of examples(readme)) {
      it(example.name, async () => {
        const {file} = await lint(example.markdown, {offline: {fixtures: fixturesOf(rule)}}, example.name)
        const own = file.messages.filter((message) => message.ruleId === rule)
        expect(own.map((message) => String(message).slice(example.name.length + 1))).toEqual(example.expected)
      })
    }
  })
}
