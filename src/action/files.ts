// The runner's files: step outputs (`$GITHUB_OUTPUT`) and the job summary (`$GITHUB_STEP_SUMMARY`).

import {randomUUID} from 'node:crypto'
import {appendFile} from 'node:fs/promises'

/**
 * Appends `name<<delimiter`, the value, then the delimiter, as @actions/core does: safe for values with
 * newlines; the delimiter is random, so no value (a path, a message) can end the entry early. No file (outside a runner): nothing.
 */
export async function setOutputs(path: string | undefined, outputs: Record<string, string | number>): Promise<void> {
  if (!path) return
  let text = ''
  for (const [name, raw] of Object.entries(outputs)) {
    const value = String(raw)
    const delimiter = `ghadelimiter_${randomUUID()}`
    text += `${name}<<${delimiter}\n${value}\n${delimiter}\n`
  }
  await appendFile(path, text)
}

/** Appends Markdown to the job summary; no file (outside a runner): nothing. */
export async function appendSummary(path: string | undefined, markdown: string): Promise<void> {
  if (path) await appendFile(path, markdown.endsWith('\n') ? markdown : markdown + '\n')
}
