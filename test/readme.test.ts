// The README's rule table and message list are made from the rules' own docs: fail when they drift.

import {existsSync, readFileSync} from 'node:fs'
import {resolve} from 'node:path'
import {describe, expect, it} from 'vitest'
// @ts-expect-error: a plain ESM script without types, shared with `npm run docs`.
import {presetRules, renderReadme} from '../scripts/readme-rules.mjs'

const root = resolve(import.meta.dirname, '..')

describe('README', () => {
  it('lists every rule of the preset, with the summary and messages of its docs (run `npm run docs` to update)', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    expect(readme).toBe(renderReadme(readme))
  })

  it('shows the request headers the checker sends, as it sends them', async () => {
    const {VERSION, defaultHeaders} = await import('../src/net/headers.js')
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8').replace(/\s*\n\s*/g, ' ')
    const start = readme.indexOf('An honest `User-Agent')
    const safety = readme.slice(start, readme.indexOf(' - ', start))
    const sent = defaultHeaders()
    expect(safety).toContain(`\`User-Agent: ${sent['user-agent']!.replace(VERSION, '<version>')}\``)
    expect(safety).toContain(`\`Accept: ${sent.accept}\``)
    expect(safety).toContain(`\`Accept-Language: ${sent['accept-language']}\``)
  })

  it('installs, in its Install command, every package its configs and code import or name as a plugin', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const installed = /```sh\nnpm install --save-dev ([^\n]+)\n```/.exec(readme)![1]!.split(' ')
    const imported = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].flatMap((block) => [...block[1]!.matchAll(/ from '([^']+)'/g)].map((match) => match[1]!))
    const plugins = [...readme.matchAll(/```json\n(\{\s*"plugins"[\s\S]*?)```/g)].flatMap((block) =>
      (JSON.parse(block[1]!) as {plugins: Array<string | [string, unknown]>}).plugins.map((plugin) => (typeof plugin === 'string' ? plugin : plugin[0]))
    )
    // A package's name: its first path segment, or two for a scoped one. Node's own modules need no install.
    const needed = [...imported, ...plugins].filter((name) => !name.startsWith('node:')).map((name) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/'))
    expect(needed).toContain('remark-lint-citations')
    // Through npm's hoisting a dependency of this package may load without it; under pnpm or Yarn it does not.
    expect([...new Set(needed)].filter((name) => !installed.includes(name))).toEqual([])
  })

  it('restores a cache under `node_modules` after the `npm ci` that would delete it, in every workflow it shows', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const cached = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((block) => block[1]!).filter((yaml) => /path: node_modules\//.test(yaml))
    expect(cached.length).toBeGreaterThanOrEqual(2)
    for (const yaml of cached) expect([yaml.search(/run: npm ci\b/) >= 0, yaml.search(/run: npm ci\b/) < yaml.search(/path: node_modules\//)]).toEqual([true, true])
  })

  it('links only to files of the repository and to places in the README (the rules’ docs copied in included)', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    // Links in prose: code blocks and code spans show Markdown, they do not link.
    const prose = readme.replace(/```[\s\S]*?```/g, '').replace(/(`+)[^`][\s\S]*?\1/g, '')
    const targets = [...prose.matchAll(/\]\((?![a-z][\w+.-]*:)([^)\s]+)\)/gi)].map((match) => match[1]!)
    // GitHub's heading ids: lower case, punctuation dropped, spaces as hyphens; and the `<a name>` anchors.
    const headings = [...readme.replace(/```[\s\S]*?```/g, '').matchAll(/^#+ (.+)$/gm)].map((match) =>
      match[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')
    )
    const anchors = new Set([...headings, ...[...readme.matchAll(/<a name="([^"]+)"><\/a>/g)].map((match) => match[1])])
    expect(targets.length).toBeGreaterThan(20)
    const broken = targets.filter((target) => {
      const [path, fragment] = target.split('#')
      return path ? !existsSync(resolve(root, path)) : !anchors.has(fragment)
    })
    expect(broken).toEqual([])
  })

  it('names every `error` code an offline fixture may hold, as recording writes them', async () => {
    const {isNetErrorCode} = await import('../src/net/errors.js')
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const start = readme.indexOf('`error` is one of')
    const named = [...readme.slice(start, readme.indexOf('. A missing', start)).matchAll(/`(E[A-Z]+)`/g)].map((match) => match[1]!)
    // The code's closed set, as its union type lists it: recording keeps whichever a fetch failed with.
    const codes = [...readFileSync(resolve(root, 'src/net/errors.ts'), 'utf8').matchAll(/^\s*\| '(E[A-Z]+)'/gm)].map((match) => match[1]!)
    expect(codes.every((code) => isNetErrorCode(code))).toBe(true)
    expect(named.sort()).toEqual(codes.sort())
  })

  it('action.yml’s `exit-code` output names every code the README’s outputs table gives (the Marketplace shows action.yml)', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const row = /^\| `exit-code` \|(.+)$/m.exec(readme)![1]!
    const codes = [...row.matchAll(/`(\d+)`/g)].map((match) => match[1]!)
    const described = /\n {2}exit-code:\n {4}description: (.+)\n/.exec(readFileSync(resolve(root, 'action.yml'), 'utf8'))![1]!
    expect(codes).toEqual(['0', '1', '2', '3', '130', '143'])
    expect(codes.filter((code) => !new RegExp(`\\b${code}\\b`).test(described))).toEqual([])
  })

  it('the preset turns on every rule that has a folder', () => {
    const rules = (presetRules() as Array<{name: string}>).map((rule) => rule.name).sort()
    const folders = readFileSync(resolve(root, 'package.json'), 'utf8').match(/"\.\/(citation-[\w-]+)"/g)!.map((name) => name.slice(3, -1)).sort()
    expect(rules).toEqual(folders)
  })
})

describe('the bin’s options', () => {
  /** The `--flags` a text names. */
  const flags = (text: string) => [...new Set([...text.matchAll(/--[a-z][\w-]*/g)].map((match) => match[0]))].sort()
  /** What the parser takes: its message for an unknown option lists every one. */
  const accepted = async (argv: string[]) => {
    const {parseArguments} = await import('../src/cli/args.js')
    try {
      parseArguments(argv)
    } catch (error) {
      return flags((error as Error).message).filter((flag) => flag !== '--unknown-flag')
    }
    throw new Error('an unknown option was taken')
  }
  const between = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)))

  it('are the same in `--help`, in the README’s table and in what the parser takes', async () => {
    const {lintHelp, verifyHelp} = await import('../src/cli/help.js')
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const lint = await accepted(['--unknown-flag'])
    expect(flags(between(lintHelp, 'Options:', 'Commands:'))).toEqual(lint)
    expect(flags(between(readme, '| option | meaning |', '\n\n'))).toEqual(lint)
    expect(flags(between(verifyHelp, 'Options:', 'Environment:'))).toEqual(await accepted(['verify', '--unknown-flag']))
  })
})

describe('rule metadata in reports', () => {
  it('each rule’s docs link (SARIF `helpUri`, the editor’s code link, the job summary) lands on an anchor of the README', async () => {
    const {ruleNames, ruleUrl, DOCS} = await import('../src/report/rules.js')
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const anchors = new Set([...readme.matchAll(/<a name="([^"]+)"><\/a>/g)].map((match) => match[1]))
    for (const rule of ruleNames) {
      const url = ruleUrl(rule)
      expect([url.startsWith(`${DOCS}#`), anchors.has(url.slice(DOCS.length + 1))]).toEqual([true, true])
    }
  })

  it('SARIF default levels follow the preset’s severities', async () => {
    const {ruleInfo} = await import('../src/report/rules.js')
    const preset = presetRules() as Array<{name: keyof typeof ruleInfo; severity: 'error' | 'warn'}>
    expect(Object.keys(ruleInfo).sort()).toEqual(preset.map((rule) => rule.name).sort())
    for (const rule of preset) expect([rule.name, ruleInfo[rule.name].level]).toEqual([rule.name, rule.severity === 'error' ? 'error' : 'warning'])
  })
})
