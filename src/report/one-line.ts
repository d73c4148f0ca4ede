// Text from outside (a page's title, a passage, a parser's reason) made safe to print on one line of a report.

/**
 * Bidirectional controls (marks, embeddings, overrides, isolates): invisible, they reorder what follows them on the
 * line, so a title with U+202E could show the rest of a message reversed ("Trojan Source"). Removed rather than made
 * spaces, as they take no room: right-to-left titles hold marks inside words, where a space would split them.
 */
export const bidiControl = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/
const bidiControls = new RegExp(bidiControl, 'g')

/**
 * Text on one line without control characters: a newline cannot fake a line of a report, and a page title
 * quoted in a message cannot send escape sequences (`ESC ]52` writes the clipboard) to the terminal that prints it,
 * nor reorder the line it is on.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ').replace(bidiControls, '')
}
