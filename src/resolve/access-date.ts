// The date a writer says they read a source: "accessed 2021-03-04", "Retrieved March 4, 2021", "last visited
// 4 March 2021". The archived copy nearest that date is the one the writer saw. Pure.

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

const month = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`
const lead = String.raw`\b(?:last\s+)?(?:accessed|retrieved|visited|viewed|consulted)(?:\s+(?:on|at))?\s*:?\s*`
const forms: Array<[RegExp, (match: RegExpExecArray) => [string, string, string | undefined]]> = [
  // 2021-03-04, 2021/03/04, 2021-03
  [new RegExp(`${lead}(\\d{4})[-/](\\d{1,2})(?:[-/](\\d{1,2}))?\\b`, 'i'), (m) => [m[1]!, m[2]!, m[3]]],
  // March 4, 2021; March 2021
  [new RegExp(`${lead}${month}\\s+(?:(\\d{1,2})(?:st|nd|rd|th)?,?\\s+)?(\\d{4})\\b`, 'i'), (m) => [m[3]!, monthNumber(m[1]!), m[2]]],
  // 4 March 2021
  [new RegExp(`${lead}(\\d{1,2})(?:st|nd|rd|th)?\\s+${month},?\\s+(\\d{4})\\b`, 'i'), (m) => [m[3]!, monthNumber(m[2]!), m[1]]]
]

/** The first access date in `text` (UTC midnight), or undefined when there is none or it is not a real date. */
export function accessDate(text: string): Date | undefined {
  let best: {index: number; date: Date} | undefined
  for (const [pattern, parts] of forms) {
    const match = pattern.exec(text)
    if (match === null || (best !== undefined && best.index <= match.index)) continue
    const [year, monthText, day] = parts(match)
    const date = utcDate(Number(year), Number(monthText), day === undefined ? 1 : Number(day))
    if (date !== undefined) best = {index: match.index, date}
  }
  return best?.date
}

function monthNumber(name: string): string {
  return String(months.indexOf(name.slice(0, 3).toLowerCase()) + 1)
}

function utcDate(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined
}
