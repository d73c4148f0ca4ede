// citation-claim-support: the default lexical scorer and the judge around it, as tables.

import {describe, expect, it} from 'vitest'
import {judgeClaimSupport, parseClaimSupportOptions, type ClaimScorer} from '../src/judge/claim-support.js'
import {scoreClaim} from '../src/judge/passage-score.js'
import {words} from '../src/judge/text.js'
import {OptionsError} from '../src/validate.js'
import {citation, source} from './helpers/source.js'

const url = 'https://health.example/coffee'
const defaults = parseClaimSupportOptions(undefined)

/** A page about coffee and health, plus filler that shares none of the claims' words. */
const coffeePage = [
  'Coffee and Your Heart: What the Evidence Says',
  'A large cohort study followed 50,000 adults for twelve years to measure how daily coffee drinking relates to heart health.',
  'Drinking three cups of coffee a day increases the risk of high blood pressure by 14% in adults over 60.',
  'The researchers also looked at sleep quality, which declined in participants who drank coffee in the evening.',
  'Decaffeinated coffee showed no link with blood pressure in any age group.',
  'Funding came from the National Institute of Health Research; the authors declare no conflicts of interest.'
]

function judge(claim: string | undefined, passages: string[], options = defaults, overrides: Parameters<typeof source>[2] = {}) {
  return judgeClaimSupport(citation(url, {claim}), source(url, {passages}, overrides), options)
}

describe('scoreClaim', () => {
  it.each([
    ['a claim the page states', 'Three cups of coffee a day increase the risk of high blood pressure by 14%.', 0.9, 1],
    ['a paraphrase with other inflections (increased/increases, cups/cup)', 'Drinking a cup of coffee daily increased blood pressure risk in adults by 14%.', 0.7, 1],
    ['a claim spread over the page but with a wrong figure', 'Coffee increases the risk of high blood pressure by 40%.', 0, 0.5],
    ['an unrelated claim', 'The Roman aqueducts carried water across the empire for centuries.', 0, 0.2],
    ['a claim sharing only stop words', 'It is one of the most of all that they would have been.', 0, 0],
    ['a negated claim the page states plainly', 'Three cups of coffee a day do not increase the risk of high blood pressure by 14%.', 0, 0.5],
    ['a plain claim the page negates', 'Decaffeinated coffee is linked with blood pressure in every age group.', 0, 0.5],
    ['a negated claim the page negates too', 'Decaffeinated coffee has no link with blood pressure.', 0.9, 1]
  ])('%s', (_, claim, min, max) => {
    const {score} = scoreClaim(claim, coffeePage)
    expect(score).toBeGreaterThanOrEqual(min)
    expect(score).toBeLessThanOrEqual(max)
  })

  it('quotes the passage that supports the claim best', () => {
    const {passage} = scoreClaim('Coffee drinking in the evening made sleep quality decline.', coffeePage)
    expect(passage).toBe(coffeePage[3])
  })

  it('stems: only the inflection differs, the score is full', () => {
    expect(scoreClaim('Regulators increased tariffs on imported steel.', ['The regulator increases the tariff on steel imports.']).score).toBe(1)
  })

  it('finds numbers written differently: 3.5 million, 3,500,000; 42% and 42 percent', () => {
    const page = ['The city counted 3,500,000 residents, and 42 percent of them rent their homes.']
    expect(scoreClaim('The city has 3.5 million residents and 42% rent their homes.', page).score).toBe(1)
    expect(scoreClaim('The city has 4.5 million residents and 42% rent their homes.', page).score).toBeCloseTo(0.4)
  })

  // The same figure written another way read as a missing number (×0.4).
  it.each([
    ['The recommended dose for adults is 10 mg twice daily.', 'The recommended dose for adults is 10mg twice daily.', 1],
    ['The recommended dose for adults is 10mg twice daily.', 'The recommended dose for adults is 10 mg twice daily.', 1],
    ['The study enrolled 12,000 participants across 40 sites.', 'The study enrolled 12 000 participants across 40 sites.', 1],
    ['The study enrolled 12,000 participants across 40 sites.', 'The study enrolled 12\u202F000 participants across 40 sites.', 1],
    ['The study enrolled 12000 participants across 40 sites.', 'The study enrolled 12\u00A0000 participants across 40 sites.', 1],
    ['Revenue reached $2.5bn across the region.', 'Revenue reached $2.5 billion across the region.', 1],
    // `k` was a letter, no scale: `10k` was the number 10, which `10,000` lacked (0.40).
    ['Over 10k patients enrolled in the hypertension trial.', 'Over 10,000 patients enrolled in the hypertension trial.', 1],
    ['Salaries start at $50K in the capital region.', 'Salaries start at $50,000 in the capital region.', 1],
    ['Over 10k patients enrolled in the hypertension trial.', 'Over 1,000 patients enrolled in the hypertension trial.', 0.4],
    ['Public debt passed $1.5tn in the last quarter.', 'Public debt passed $1.5 trillion in the last quarter.', 1],
    // `covid-19` is one name: a page writing `Covid` misses a word, not a figure (was 0.32).
    ['COVID-19 vaccines reduced hospital admissions.', 'Covid vaccines reduced hospital admissions.', 0.8],
    ['The GPT-4 model passed the bar exam.', 'The GPT-4 model passed the bar exam.', 1],
    ['The study enrolled 12,000 participants across 40 sites.', 'The study enrolled 13 000 participants across 40 sites.', 0.4],
    // A year after a hyphen stays a year: `mid` is the word missing.
    ['Output fell sharply in mid-2020 across the region.', 'Output fell sharply in 2020 across the region.', 5 / 6],
    // Number words are their digits, either way (`seven`, `ten` were words the page lacked: 0.60, and 0.16 the other way).
    ['Seven of ten patients improved after the new treatment.', 'In the trial, 7 of 10 patients improved after the new treatment.', 1],
    ['7 of 10 patients improved after the new treatment.', 'In the trial, seven of ten patients improved after the new treatment.', 1],
    ['Twenty-five volunteers joined the sleep study.', '25 volunteers joined the sleep study.', 1],
    ['A hundred volunteers joined the sleep study.', '100 volunteers joined the sleep study.', 1],
    ['Three million people live in the region.', '3,000,000 people live in the region.', 1],
    ['1 in 5 adults has high blood pressure.', 'About one in five adults has high blood pressure.', 1],
    ['Seven patients improved after the new treatment.', '17 patients improved after the new treatment.', 0.4],
    // An ordinal is no number: `twenty` was one the page lacked (0.32), and `first` a word.
    ['Twenty-first century schools need more funding.', 'Schools of the 21st century need more funding.', 1],
    ['A twenty-second clip went viral overnight.', 'A 20-second clip went viral overnight.', 1],
    // `one` is mostly no number: the page need not say it.
    ['One of the leading causes of death is heart disease.', 'Heart disease is a leading cause of death.', 1],
    // Compound numbers in words are one number (`seven hundred thousand` read 700 and the word `thousand`: 0.27).
    ['The city has seven hundred thousand residents.', 'The city has 700,000 residents.', 1],
    ['The city has 700,000 residents.', 'The city has seven hundred thousand residents.', 1],
    ['The city has two million five hundred thousand residents.', 'The city has 2.5 million residents.', 1],
    ['The fund raised two hundred and fifty pounds.', 'The fund raised 250 pounds.', 1],
    ['Seven hundred volunteers joined the sleep study.', '7 volunteers joined the sleep study.', 0.4],
    // A number word with a capital inside a sentence is part of a name, no figure the page lacked (0.4).
    ["Ocean's Eleven was filmed in Las Vegas by Steven Soderbergh.", 'The heist film was shot in Las Vegas by Steven Soderbergh.', 5 / 6],
    ['The Apollo Thirteen crew returned safely to Earth.', 'The crew of the Apollo mission returned safely to Earth.', 1],
    // `万` and `亿` were words, not scales: `1.4万` was the number 1.4, which `14,000` lacked (0.35).
    ['イベントの参加者は1.4万人に達した', '主催者によると、イベントの参加者は14,000人に達した。', 1],
    ['イベントの参加者は14,000人に達した', '主催者によると、イベントの参加者は1.4万人に達した。', 1],
    ['公司去年营收达到3.5亿元', '公司去年营收达到350,000,000元。', 1],
    ['イベントの参加者は2万人に達した', '主催者によると、イベントの参加者は1.4万人に達した。', 0.4],
    // `1.234,5` was no number, so the same figure written `1 234,5` or `1,234.5` was a missing one (0.40).
    ['Der Umsatz betrug 1.234,5 Millionen Euro im Jahr.', 'Der Umsatz betrug 1 234,5 Millionen Euro im Jahr.', 1],
    ['Der Umsatz betrug 1.234,5 Millionen Euro im Jahr.', 'Der Umsatz betrug 1,234.5 Millionen Euro im Jahr.', 1],
    ['Der Umsatz betrug 1.234,5 Millionen Euro im Jahr.', 'Der Umsatz betrug 1.234,6 Millionen Euro im Jahr.', 0.4],
    // Digits of other scripts are digits: `١٤٪` was a word, so a wrong figure in them passed (0.88) and the right one
    // written `14%` against them was a missing number (0.40).
    ['ارتفعت نسبة البطالة إلى ٢٠٪ في المدن الكبرى', 'ارتفعت نسبة البطالة إلى ١٤٪ في المدن الكبرى', 0.4],
    ['ارتفعت نسبة البطالة إلى 14% في المدن الكبرى', 'ارتفعت نسبة البطالة إلى ١٤٪ في المدن الكبرى', 1],
    ['نرخ تورم در تهران به ۱۴٫۵ درصد رسید', 'نرخ تورم در تهران به 14.5 درصد رسید', 1],
    ['बड़े शहरों में बेरोज़गारी दर २० प्रतिशत तक पहुँच गई', 'बड़े शहरों में बेरोज़गारी दर १४ प्रतिशत तक पहुँच गई', 0.4]
  ])('numbers: %s against %s', (claim, page, expected) => {
    expect(scoreClaim(claim, [page]).score).toBeCloseTo(expected)
  })

  it('a missing year costs less than a missing figure (dates sit in bylines)', () => {
    const page = ['Researchers found that sea ice in the Arctic shrank faster than models predicted.']
    expect(scoreClaim('In 2019, researchers found Arctic sea ice shrank faster than models predicted.', page).score).toBeCloseTo(0.8)
  })

  it('compares version numbers as written', () => {
    const page = ['Release 2.4.1 of the parser fixed the memory leak reported by users.']
    expect(scoreClaim('Parser release 2.4.1 fixed the memory leak.', page).score).toBe(1)
    expect(scoreClaim('Parser release 2.3.9 fixed the memory leak.', page).score).toBeCloseTo(0.4)
  })

  it.each([
    ['“not only … but also” is no denial', 'The vaccine not only reduces infections but also shortens hospital stays.'],
    ['a negation ends with its clause', 'The vaccine does not cure the disease, yet it reduces infections and shortens hospital stays.'],
    ['a negation ends at “but”', 'The vaccine does not cure the disease but reduces infections and shortens hospital stays.']
  ])('negation: %s', (_, text) => {
    expect(scoreClaim('The vaccine reduces infections and shortens hospital stays.', [text]).score).toBe(1)
  })

  // Pseudo-negations (NegEx): these affirm what follows, and read as denials scored 0.30–0.40.
  it.each([
    ['There is no doubt that smoking causes lung cancer in adults.', 1],
    ['It is no surprise that smoking causes lung cancer in adults.', 1],
    ['It is not surprising that smoking causes lung cancer in adults.', 1],
    ['Nobody disputes that smoking causes lung cancer in adults.', 1],
    ['No one doubts that smoking causes lung cancer in adults.', 1],
    ['It cannot be denied that smoking causes lung cancer in adults.', 1],
    ['Smoking causes lung cancer in adults, without question.', 1],
    ['No one has shown that smoking causes lung cancer in adults.', 0.4],
    ['There is no evidence that smoking causes lung cancer in adults.', 0.4],
    ['Smoking does not cause lung cancer in adults, no doubt.', 0.4]
  ])('negation: %s → %s', (text, expected) => {
    expect(scoreClaim('Smoking causes lung cancer in adults.', [text]).score).toBeCloseTo(expected)
  })

  it('negation: “no evidence that X causes Y” denies “X causes Y”', () => {
    const page = ['There is no evidence that mobile phones cause brain tumours in adults.']
    expect(scoreClaim('Mobile phones cause brain tumours in adults.', page).score).toBeCloseTo(0.4)
    expect(scoreClaim('Mobile phones do not cause brain tumours in adults.', page).score).toBe(1)
  })

  it('reads a page once and gives the same answer from its index', () => {
    const page = [...coffeePage]
    const claim = 'Three cups of coffee a day increase the risk of high blood pressure by 14%.'
    expect(scoreClaim(claim, page)).toEqual(scoreClaim(claim, page))
    expect(scoreClaim(claim, [...page])).toEqual(scoreClaim(claim, page))
  })

  it('takes two adjacent passages when the claim spans them', () => {
    const page = [
      'Unrelated opening paragraph about the museum and its opening hours on weekends.',
      'The glacier lost 30 metres of thickness between 1990 and 2020.',
      'Meltwater from the glacier now feeds a lake that did not exist before.',
      'Another unrelated paragraph about parking near the visitor centre.'
    ]
    const {score, passage} = scoreClaim('The glacier lost 30 metres of thickness and its meltwater feeds a new lake.', page)
    expect(score).toBe(1)
    expect(passage).toBe(`${page[1]} ${page[2]}`)
  })

  it('prefers a single passage when it covers the claim alone', () => {
    const page = ['The glacier lost 30 metres of thickness and its meltwater feeds a lake.', 'The glacier is popular with hikers.']
    expect(scoreClaim('The glacier lost 30 metres of thickness.', page).passage).toBe(page[0])
  })

  // The elision was part of the word: `d'obésité` missed the page's `l'obésité` (0.67), `d'acqua` its `dell'acqua` (0.83).
  it('reads a French or Italian elided article as no part of the word', () => {
    expect(scoreClaim("L'obésité a triplé depuis 1975.", ["Les cas d'obésité ont triplé depuis 1975."]).score).toBe(1)
    expect(scoreClaim("Il consumo d'acqua è aumentato del 5%.", ["Il consumo dell'acqua è aumentato del 5%."]).score).toBe(1)
  })

  // The soft hyphens split `Bundesverfassungsgericht` and `Überwachungsgesetz` into pieces the claim lacks.
  it('reads words a soft hyphen breaks as whole words', () => {
    const page = ['Das Bundes\u00ADverfassungs\u00ADgericht hat das Überwachungs\u00ADgesetz am Dienstag gekippt.']
    expect(scoreClaim('Das Bundesverfassungsgericht hat das Überwachungsgesetz gekippt.', page).score).toBe(1)
  })

  it('works for text without spaces (Chinese)', () => {
    const page = ['研究发现每天喝咖啡会增加高血压的风险。', '博物馆周末开放时间为上午九点到下午五点。']
    const {score, passage} = scoreClaim('每天喝咖啡会增加高血压的风险', page)
    expect(score).toBeGreaterThan(0.9)
    expect(passage).toBe(page[0])
  })

  // Each cost the claim as a word the page lacked (0.83): they point at a source, they say nothing of the topic.
  it.each([
    'Many languages collect garbage; see Go and Java.',
    'Many languages collect garbage, e.g. Go and Java.',
    'Many languages collect garbage, i.e. Go and Java.',
    'Many languages collect garbage, cf. Go and Java.'
  ])('ignores the citing words of %s', (claim) => {
    expect(scoreClaim(claim, ['Many languages collect garbage, such as Go and Java.']).score).toBe(1)
  })

  it('ignores the cited URL in the claim', () => {
    expect(scoreClaim('Drinking coffee increases blood pressure (https://health.example/coffee-study-results).', coffeePage).score).toBe(1)
  })

  it('gives 0 and no passage when nothing matches', () => {
    expect(scoreClaim('Quantum chromodynamics explains gluon confinement.', coffeePage)).toEqual({score: 0, passage: undefined})
    expect(scoreClaim('Quantum chromodynamics explains gluon confinement.', [])).toEqual({score: 0, passage: undefined})
  })
})

describe('scoreClaim on a long run without spaces', () => {
  // Each letter of the run started a search for a URL's scheme to its end: 60,000 took 5 s.
  it('reads it in linear time, and still scores the words around it', () => {
    const started = performance.now()
    const {score} = scoreClaim('Results ' + 'f'.repeat(60000) + ' ended well', ['The results ended well.'])
    expect(performance.now() - started).toBeLessThan(1000)
    expect(score).toBeGreaterThan(0.5)
  })
})

describe('words of a long text without spaces', () => {
  // It is segmented a window at a time: a word at a window's end is read again with what follows it, never cut.
  it('are the words of its parts', () => {
    expect(words('word;'.repeat(50_000))).toEqual(Array(50_000).fill('word'))
    expect(words(`${'x'.repeat(1995)};straddling;${'y'.repeat(300)}`)).toEqual(['x'.repeat(1995), 'straddling', 'y'.repeat(300)])
  })
})

describe('judgeClaimSupport', () => {
  it('is silent when the page supports the claim', () => {
    expect(judge('Three cups of coffee a day increase the risk of high blood pressure by 14%.', coffeePage)).toBeUndefined()
  })

  it('flags weak support for review, quoting the best passage', () => {
    const verdict = judge('Coffee drinkers live longer because caffeine protects the liver.', coffeePage)
    expect(verdict).toMatchObject({status: 'valid', action: 'flagged', rule: 'citation-claim-support'})
    expect(verdict?.message).toMatch(
      /^Unexpected weak support \(0\.\d\d\) for the claim citing `https:\/\/health\.example\/coffee`, expected the source to support it: requires review; best passage “.{1,99}…?”$/
    )
    expect(verdict?.expected).toBeUndefined()
  })

  it('flags a figure the page does not state (40% against 14%)', () => {
    const verdict = judge('Three cups of coffee a day increase the risk of high blood pressure by 40%.', coffeePage)
    expect(verdict?.message).toContain('weak support (0.40)')
    expect(verdict?.message).toContain('best passage “Drinking three cups of coffee a day increases the risk')
  })

  it('flags a claim the page denies', () => {
    expect(judge('Decaffeinated coffee raises blood pressure in every age group.', coffeePage)?.action).toBe('flagged')
  })

  it('says so when no passage shares a word', () => {
    expect(judge('Quantum chromodynamics explains gluon confinement.', coffeePage)?.message).toMatch(
      /^Unexpected weak support \(0\.00\) .*: requires review; no passage shares its words$/
    )
  })

  it('redacts credentials in the URL', () => {
    const verdict = judgeClaimSupport(
      citation('https://user:secret@health.example/coffee', {claim: 'Quantum chromodynamics explains gluon confinement.'}),
      source('https://health.example/coffee', {passages: coffeePage}),
      defaults
    )
    expect(verdict?.message).not.toContain('secret')
  })

  it.each([
    [0.499, '(0.49)'],
    [0.57, '(0.57)'],
    [0, '(0.00)']
  ])('shows score %d rounded down, never as the threshold: %s', (score, shown) => {
    const scorer: ClaimScorer = () => ({score, passage: 'close'})
    expect(judge('Coffee raises blood pressure in adults.', coffeePage, {threshold: 0.6, scorer})?.message).toContain(shown)
  })

  it('quotes a custom scorer\'s passage on one line', () => {
    const scorer: ClaimScorer = () => ({score: 0.1, passage: 'first line\n\n  second line'})
    expect(judge('Coffee raises blood pressure in adults.', coffeePage, {...defaults, scorer})?.message).toMatch(/best passage “first line second line”$/)
  })

  it.each([
    ['no claim', undefined, coffeePage, {}],
    ['a claim of fewer than three content words', 'Coffee is healthy.', coffeePage, {}],
    ['a claim of stop words and numbers', 'It was 42% in 2019, or so they say.', coffeePage, {}],
    ['a dead page', 'Coffee drinkers live longer than tea drinkers.', coffeePage, {liveness: 'dead' as const}],
    ['a page without passages (PDF, image, script-rendered)', 'Coffee drinkers live longer than tea drinkers.', [], {}],
    ['a report without page facts', 'Coffee drinkers live longer than tea drinkers.', coffeePage, {page: undefined}]
  ])('is silent for %s', (_, claim, passages, overrides) => {
    expect(judge(claim, passages, defaults, overrides)).toBeUndefined()
  })

  it.each([
    ['bot wall', {botWall: 'cloudflare'}],
    ['paywall', {paywall: 'login form'}]
  ])('is silent for a %s (its text is not the source)', (_, facts) => {
    const report = source(url, {passages: coffeePage, ...facts})
    expect(judgeClaimSupport(citation(url, {claim: 'Coffee drinkers live longer than tea drinkers.'}), report, defaults)).toBeUndefined()
  })

  // The lexical scorer matches words: an English sentence citing a French or Chinese report shared none, and every such
  // citation was "weak support (0.00) … no passage shares its words".
  const frenchPage = [
    'Les océans se réchauffent plus vite que prévu',
    'La chaleur des océans a augmenté de 14 % entre 1990 et 2020, selon une nouvelle analyse des données des bouées.',
    'Le rythme du réchauffement a doublé après 2000, et les chercheurs prévoient une accélération dans les prochaines décennies.'
  ]
  const chinesePage = ['海洋变暖速度超出预期', '根据对浮标数据的最新分析，1990年至2020年间海洋热含量上升了14%。']

  it.each([
    ['an English claim, a French page', 'Ocean heat content rose by 14% between 1990 and 2020, a French analysis found.', frenchPage],
    ['an English claim, a Chinese page', 'Ocean heat content rose by 14% between 1990 and 2020.', chinesePage],
    ['a French claim, an English page', 'Boire trois tasses de café par jour augmente le risque d’hypertension de 14 %.', coffeePage]
  ])('is silent for %s: the lexical scorer cannot read across languages', (_, claim, passages) => {
    expect(judge(claim, passages)).toBeUndefined()
  })

  // One word of another language's was enough: `et al.` and two Spanish place names made this sentence Spanish.
  it('reads names and `et al.` in a claim as no other language: the claim is judged', () => {
    const claim = 'Smith et al. found that decaffeinated coffee raises blood pressure in Los Angeles and Las Vegas.'
    expect(judge(claim, coffeePage)?.action).toBe('flagged')
    expect(judge('El Niño years raised blood pressure in Van Gogh’s Arles.', coffeePage)?.action).toBe('flagged')
  })

  it('still judges a page in the claim’s language, and a custom scorer across languages', () => {
    expect(judge('La chaleur des océans a augmenté de 40 % entre 1990 et 2020.', frenchPage)?.message).toContain('weak support (0.40)')
    expect(judge('Ocean heat content rose by 40% between 1990 and 2020, and it did so in Europe.', coffeePage)?.action).toBe('flagged')
    const scorer: ClaimScorer = () => ({score: 0.1, passage: frenchPage[1]})
    expect(judge('Ocean heat content rose by 40% between 1990 and 2020.', frenchPage, {...defaults, scorer})?.action).toBe('flagged')
  })

  it('uses the threshold option', () => {
    const claim = 'Coffee increases the risk of high blood pressure by 40%.'
    expect(judge(claim, coffeePage)?.action).toBe('flagged')
    expect(judge(claim, coffeePage, parseClaimSupportOptions({threshold: 0.3}))).toBeUndefined()
  })

  it('uses a custom scorer, with the claim and the passages', () => {
    const calls: Array<[string, readonly string[]]> = []
    const scorer: ClaimScorer = (claim, passages) => {
      calls.push([claim, passages])
      return {score: 0.1, passage: passages[2]}
    }
    const verdict = judge('Coffee raises blood pressure in adults.', coffeePage, parseClaimSupportOptions({scorer}))
    expect(calls).toEqual([['Coffee raises blood pressure in adults.', coffeePage]])
    expect(verdict?.message).toContain('weak support (0.10)')
    expect(verdict?.message).toContain('best passage “Drinking three cups')
  })

  it.each([
    ['a score above 1', () => ({score: 1.5, passage: 'x'}), /^Unexpected `scorer` result `\{"score":1.5,"passage":"x"\}`, expected/],
    ['NaN', () => ({score: Number.NaN, passage: undefined}), /^Unexpected `scorer` result/],
    ['a bare number', () => 0.7, /^Unexpected `scorer` result `0.7`/],
    ['a passage that is not a string', () => ({score: 0.2, passage: 3}), /^Unexpected `scorer` result/],
    ['a promise', () => Promise.resolve({score: 0.2, passage: undefined}), /^Unexpected promise from `scorer`, expected a synchronous function$/],
    [
      'an exception',
      () => {
        throw new Error('model not loaded')
      },
      /^Unexpected error from `scorer`: model not loaded$/
    ]
  ])('refuses a scorer giving %s, naming the option', (_, scorer, message) => {
    const options = parseClaimSupportOptions({scorer})
    expect(() => judge('Coffee raises blood pressure in adults.', coffeePage, options)).toThrow(OptionsError)
    expect(() => judge('Coffee raises blood pressure in adults.', coffeePage, options)).toThrow(message)
  })
})

describe('parseClaimSupportOptions', () => {
  it('defaults to threshold 0.5 and the lexical scorer', () => {
    expect(parseClaimSupportOptions(undefined)).toEqual({threshold: 0.5, scorer: scoreClaim})
    expect(parseClaimSupportOptions(null)).toEqual({threshold: 0.5, scorer: scoreClaim})
  })

  it.each([
    [{thresold: 0.4}, 'Unexpected option `thresold` (did you mean `threshold`?), expected one of `threshold`, `scorer`'],
    [{threshold: 2}, 'Unexpected `threshold` `2`, expected a number from 0 to 1'],
    [{threshold: '0.5'}, 'Unexpected `threshold` `"0.5"`, expected a number from 0 to 1'],
    [{scorer: 'semantic'}, 'Unexpected `scorer` `semantic`, expected a function'],
    ['strict', 'Unexpected citation-claim-support options `strict`, expected an object']
  ])('refuses %j', (value, message) => {
    expect(() => parseClaimSupportOptions(value)).toThrow(new OptionsError(message))
  })
})
