// One spelling for words a title may spell two ways: British and American (`randomised`, `colour`, `haemoglobin`,
// `centre`) and a Greek letter and its name (`β-blockers`, `beta-blockers`). A writer cites a title in their own
// spelling; the registry holds the publisher's.

import {GREEK_LETTERS} from '../resolve/tex.js'

/** Greek letters as English writes them, for a letter standing alone (`TNF-α`, `β-amyloid`), never a Greek word. */
const greek: Record<string, string> = Object.fromEntries(Object.entries(GREEK_LETTERS).map(([name, letter]) => [letter, name]))

/** Words whose two spellings no rule below joins. */
const words: Record<string, string> = {
  grey: 'gray', programme: 'program', programmes: 'programs', ageing: 'aging', judgement: 'judgment',
  aluminium: 'aluminum', sulphur: 'sulfur', sulphate: 'sulfate', sulphide: 'sulfide', mould: 'mold', moulds: 'molds',
  tyre: 'tire', tyres: 'tires', plough: 'plow', cheque: 'check', kerb: 'curb', draught: 'draft', manoeuvre: 'maneuver'
}

/**
 * Endings and letters that the two spellings write differently, each folded to one form (applied to both titles,
 * so only two different words that fold alike could be confused). Only words of five letters or more: `four`,
 * `hour` and `tour` are no `colour`.
 */
const rules: Array<[RegExp, string]> = [
  // organise, randomised, organisation, analyse, paralysed
  [/(?<=\w\w)is(?=(?:e|es|ed|ing|ation|ations|er|ers)$)/, 'iz'],
  [/(?<=\w\w)ys(?=(?:e|es|ed|ing|er|ers)$)/, 'yz'],
  // colour, behaviours, behavioural, favourite, labourer, neighbourhood, honourable
  [/(?<=\w\w)our(?=s?$|ed$|ing$|al|ite|able|ful|less|hood|er)/, 'or'],
  // haemoglobin, anaemia, paediatric, leukaemia; oestrogen, oesophagus, oedema, diarrhoea, foetal, coeliac
  [/ae/g, 'e'],
  [/^oe|(?<=f)oe(?=t)|(?<=c)oe(?=l)|oe(?=a$)/g, 'e'],
  // centre, fibres, litre, theatre
  [/(?<=[bcdfgkmptv])re(?=s?$)/, 'er'],
  // modelling, labelled, travelled, signalling
  [/ell(?=(?:ed|ing|er|ers|or|ors)$)/, 'el'],
  // catalogue, dialogue, analogues
  [/(?<=[ln]o)gue(?=s?$)/, 'g'],
  // defence, licence, offence
  [/^(def|lic|off|pret)ence(?=s?$)/, '$1ense']
]

/** The word in the one spelling titles are compared in; `word` is folded (lower case, accents dropped). */
export function oneSpelling(word: string): string {
  const letter = greek[word]
  if (letter !== undefined) return letter
  const known = words[word]
  if (known !== undefined) return known
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return word
  let result = word
  for (const [pattern, replacement] of rules) result = result.replace(pattern, replacement)
  return result
}
