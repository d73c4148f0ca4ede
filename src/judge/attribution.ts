// Whether a claim attributes a finding to an organisation it names ("Gallup reports…"), not a claim about that
// organisation or what it sells: how citation-conflict-of-interest tells a research body quoted from one speaking
// for itself. Pure.

import {escapeRegExp} from '../regexp.js'
import {words} from './text.js'

const alternatives = (list: string): string => `(?:${list.trim().split(/\s+/).join('|')})`

/** What a research body publishes: "a Gallup poll", "Gartner's latest forecast", "data from Statista". */
const FINDINGS = alternatives(`
  survey surveys poll polls polling study studies report reports research data dataset analysis analyses forecast
  forecasts estimate estimates projection projections finding findings figures numbers statistics stats index barometer
  ranking rankings quadrant wave chart charts`)

/** How its findings came to be: "a survey conducted by YouGov", "data compiled by Statista". */
const GATHERED = alternatives('conducted compiled published released collected gathered fielded commissioned')

/** Who speaks for it: "Gartner analyst Jane Doe said", "Pew researchers found". */
const SPEAKERS = alternatives('analyst analysts researcher researchers economist economists expert experts')

/** Words that make the name a subject described, not a survey's title: "rated Gartner the best research firm". */
const DESCRIBED = alternatives('the a an this its most best top leading largest biggest first only')

/** How a claim reports what it found: "Gartner predicts", "Pew Research Center found", "says Gallup". */
const REPORTING = alternatives(`
  find finds found report reports reported say says said estimate estimates estimated predict predicts predicted
  project projects projected forecast forecasts expect expects expected show shows showed survey surveyed poll polled
  asked count counts counted note notes noted put puts calculate calculates calculated measure measures measured rank
  ranks ranked rate rates rated conclude concludes concluded observe observes observed track tracks tracked record
  records recorded list lists listed name names named identify identifies identified warn warns warned suggest
  suggests suggested indicate indicates indicated reveal reveals revealed`)

/** What an organisation has or sells: "Gartner's revenue", "Statista's premium plan", "Gallup's clients". */
const OWN = alternatives(`
  revenue revenues sales earnings profit profits income shares stock valuation customers clients subscribers users
  employees staff ceo founder founders acquisition plan plans pricing price prices subscription subscriptions premium
  platform product products service services software tool tools app apps offering offerings membership consulting
  advisory conference conferences certification courses database`)

/** The organisation itself as a sentence's subject: "Gallup is the most trusted pollster", "Statista offers…". */
const ITSELF = alternatives(`
  is was are were remains offers offered sells sold provides provided charges charged launched acquired employs hired
  raised grew earned announced won partners partnered helps lets`)

/** Its own results, as it reports them: "Gartner reported record revenue", "Gartner reported third-quarter revenue". */
const FINANCES = alternatives('revenue revenues earnings profit profits sales income')
const PERIOD = alternatives('record annual quarterly full-year fiscal first-quarter second-quarter third-quarter fourth-quarter q1 q2 q3 q4 \\d{4}')

/** Where others place it, not where it places others: "Gartner ranks first", "Gallup ranked among the best…". */
const PLACED = alternatives('rank ranks ranked rate rates rated name names named list lists listed place places placed')
const PLACE = `(?:${alternatives('first second third top highest among as to on in')}\\b|no\\.|#)`

/** A regular expression source matching a term's words as written, with anything but letters and digits between. */
export function termPattern(term: string): string {
  return words(term).map(escapeRegExp).join('[^\\p{L}\\p{N}]+')
}

/**
 * Whether the claim quotes `term` (a name it writes) for a finding and says nothing about its own business. Each
 * time the claim names it, it is quoted: "according to (the latest) T", "per/via T", "a survey by T", "T's (2023)
 * survey", "T (has) found", "…, says T", "(T, 2023)"; one mention that is not ("Gartner Peer Insights ranks Gartner
 * first", "According to Gartner, Gartner Symposium is…") makes the claim its own. And none of "T's (annual)
 * revenue", "T (says it) is/offers/sells…", "T reports its/record revenue", "T ranks first" is.
 */
export function attributesFinding(claim: string, term: string): boolean {
  const name = termPattern(term)
  if (name === '') return false
  const text = claim.normalize('NFKC').replace(/\s+/g, ' ')
  const T = `(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`
  const word = `[\\p{L}\\p{N}-]+`
  // "…, says Statista" and "“…,” Gallup said": the inverted verb follows a clause; "Forbes named Gartner…" is not it.
  // "by" and "from" quote it after what it found or how ("a survey of 1,000 adults by YouGov", "data compiled by
  // Statista"); "organised by Gartner", "acquired by Gartner", "a discount from Gartner" are about its business.
  const before =
    `\\baccording to (?:${word} ){0,3}|\\b(?:per|via) (?:the |an? )?|` +
    `\\b(?:${FINDINGS}|${GATHERED})(?: \\S+){0,3}? (?:by|from) (?:the |an? )?|[,;:“”"‘’] ?${REPORTING},? (?:the )?|\\(\\s*(?:the )?`
  const quoted = new RegExp(`(?<=${before})${T}|${T}(?:['’]s (?:${word} ){0,2}?| (?:(?!${DESCRIBED}\\b)${word} ){0,2}?)(?:${FINDINGS}|${SPEAKERS})\\b|${T} (?:(?:also|now|recently|has|have|had|again) )*${REPORTING}\\b`, 'iuy')
  const mentions = [...text.matchAll(new RegExp(T, 'giu'))]
  const quotedAt = (index: number) => {
    quoted.lastIndex = index
    return quoted.test(text)
  }
  if (mentions.length === 0 || !mentions.every((mention) => quotedAt(mention.index))) return false
  const test = (source: string) => new RegExp(source, 'iu').test(text)
  // Words between the name and what it owns, but not a finding: "Gallup's poll of app users" is the poll's.
  const gap = `(?:(?!${FINDINGS}\\b)${word} ){0,2}`
  const itself =
    test(`${T}['’]s ${gap}${OWN}\\b`) ||
    test(`${T} ${OWN}\\b`) ||
    test(`${T} (?:${REPORTING} (?:that )?(?:it|they|we) )?${ITSELF}\\b`) ||
    test(`${T} ${REPORTING} (?:that )?(?:(?:its|their|our) (?:${word} )?${OWN}|(?:${PERIOD} ){0,2}${FINANCES})\\b`) ||
    test(`${T} ${PLACED} ${PLACE}`)
  return !itself
}
