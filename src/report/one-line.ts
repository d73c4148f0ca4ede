// Text from outside (a page's title, a passage, a parser's reason) made safe to print on one line of a report.

/**
 * Text on one line without control characters: a newline cannot fake a line of a report, and a page title
 * quoted in a message cannot send escape sequences (`ESC ]52` writes the clipboard) to the terminal that prints it.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
}
