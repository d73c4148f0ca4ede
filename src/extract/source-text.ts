// The text a file's syntax tree counts in. micromark skips a leading byte order mark, so the tree's offsets
// and first-line columns start after it: reading the file's own string at those offsets would be one character
// early, and every place computed from it one line or column off.

const byteOrderMark = '\uFEFF'

/** The file's text without a leading byte order mark. */
export function sourceText(file: {toString(): string} | string): string {
  const text = String(file)
  return text.startsWith(byteOrderMark) ? text.slice(1) : text
}
