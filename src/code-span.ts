// A Markdown code span that holds any text as written: the job summary's cells, rule messages naming a journal, and
// `--fix`'s unlinked URLs all need one that a backtick inside cannot end early.

/** A code span that holds any text: a fence longer than its longest run of backticks, on one line. */
export function code(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ')
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${flat}${pad}${fence}`
}
