// JSON as the reports write it: the line and paragraph separators that JSON allows raw in a string escaped.

/**
 * `JSON.stringify`, with U+0085, U+2028 and U+2029 written `\u0085` …: a page title or passage holding one is valid
 * JSON raw, but a reader splitting lines on them (Python's `str.splitlines()`, some JS line readers) cuts a JSONL
 * record in two. They only ever occur inside strings, where the escape means the same character.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u0085\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
