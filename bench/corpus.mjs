// Deterministic Markdown corpus citing the simulated web: headings, paragraphs with inline links, reference links
// with definitions, autolinks, bare URLs in prose, and per file one fenced code block and one inline code span whose
// URLs (paths under /never/) no checker may fetch. URLs repeat across files (a popular few, many cited once).

import {mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {prng, shuffle, slugWords} from './model.mjs'

export const scales = {
  small: {files: 50, citations: 500, uniqueUrls: 150},
  large: {files: 500, citations: 10_000, uniqueUrls: 3000}
}

/**
 * Picks the cited URLs, writes `files` Markdown files into `dir` (emptied first) and returns
 * `{urls, citations, files, codeUrls}`: the unique cited URLs (model entries) and the number of URL occurrences.
 */
export function generateCorpus(world, scale, dir, seed = world.seed) {
  const {files, citations, uniqueUrls} = scale
  const rand = prng(seed ^ (files * 7919 + citations))
  const chosen = pickUrls(world, uniqueUrls, rand)

  // Every chosen URL once, the rest by a Zipf-like popularity over a shuffled order.
  const order = shuffle(chosen, rand)
  const weights = order.map((_, rank) => 1 / (rank + 1) ** 0.9)
  const cumulative = []
  let sum = 0
  for (const weight of weights) cumulative.push((sum += weight))
  const cites = [...order]
  while (cites.length < citations) {
    const x = rand() * sum
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < x) lo = mid + 1
      else hi = mid
    }
    cites.push(order[lo])
  }
  const shuffled = shuffle(cites.slice(0, citations), rand)

  rmSync(dir, {recursive: true, force: true})
  mkdirSync(dir, {recursive: true})
  const codeHost = world.hosts[2]
  let offset = 0
  for (let f = 0; f < files; f++) {
    const count = Math.floor(citations / files) + (f < citations % files ? 1 : 0)
    const mine = shuffled.slice(offset, offset + count)
    offset += count
    const name = `doc-${String(f + 1).padStart(3, '0')}.md`
    writeFileSync(join(dir, name), documentText(f, mine, codeHost, rand))
  }
  return {urls: chosen, citations, files, codeUrls: files * 2}
}

/** The large scale cites every URL of the world; smaller ones a seeded sample that keeps one URL of each kind. */
function pickUrls(world, count, rand) {
  if (count >= world.urls.length) return [...world.urls]
  const picked = new Map()
  const kinds = new Set()
  for (const entry of world.urls) {
    const kind = `${entry.kind}/${entry.hostKind}`
    if (entry.hostKind === 'slow' || (entry.kind !== 'ok' || entry.hostKind !== 'normal')) {
      if (!kinds.has(kind)) {
        kinds.add(kind)
        picked.set(entry.url, entry)
      }
    }
  }
  for (const entry of shuffle(world.urls, rand)) {
    if (picked.size >= count) break
    picked.set(entry.url, entry)
  }
  return [...picked.values()]
}

const sentences = [
  'Field data from several winters tells a more careful story than the brochures.',
  'The effect is smaller in older homes, and it depends on how the system was sized.',
  'Critics point to the cost of the first installation, which subsidies only partly cover.',
  'The numbers below come from public reports, and each one links to its source.',
  'Most of the disagreement is about the baseline, not about the measurements.',
  'Grid operators publish hourly data, which makes the claim easy to check.',
  'Later studies repeated the trial with a larger cohort and a longer period.'
]

function documentText(index, cites, codeHost, rand) {
  const lines = [`# ${title(rand)} (${index + 1})`, '', sentences[index % sentences.length], '']
  const definitions = []
  let paragraph = []
  let section = 0
  const flush = () => {
    if (paragraph.length === 0) return
    lines.push(paragraph.join(' '), '')
    paragraph = []
  }
  cites.forEach((entry, n) => {
    if (n % 6 === 0) {
      flush()
      lines.push(`## ${title(rand)}`, '')
      section++
      if (section === 2) {
        lines.push('To reproduce the download:', '', '```sh', `curl -sS ${codeHost.origin}/never/code-${index + 1}`, '```', '')
        lines.push(`The mirror \`${codeHost.origin}/never/inline-${index + 1}\` is for scripts only.`, '')
      }
    }
    const text = slugWords(rand, 2 + Math.floor(rand() * 3)).join(' ')
    const roll = rand()
    if (roll < 0.55) {
      paragraph.push(`${sentence(rand)} as [${text}](${entry.url}) shows.`)
    } else if (roll < 0.75) {
      const id = `ref-${definitions.length + 1}`
      definitions.push(`[${id}]: ${entry.url}`)
      paragraph.push(`${sentence(rand)}, see [${text}][${id}].`)
    } else if (roll < 0.85) {
      paragraph.push(`${sentence(rand)} (source: <${entry.url}>).`)
    } else {
      paragraph.push(`${sentence(rand)}, according to ${entry.url}.`)
    }
    if (paragraph.length >= 3) flush()
  })
  flush()
  if (definitions.length > 0) lines.push(...definitions, '')
  return lines.join('\n')
}

function title(rand) {
  const list = slugWords(rand, 3)
  return list.map((word) => word[0].toUpperCase() + word.slice(1)).join(' ')
}

function sentence(rand) {
  const [a, b, c] = slugWords(rand, 3)
  return `The ${a} ${b} figure for ${c}`
}
