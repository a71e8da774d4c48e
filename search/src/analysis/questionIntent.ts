import type {FactKind} from './facts';

/**
 * What kind of fact a question asks for, from its wording in English or Indonesian: "how long"
 * and "berapa lama" a duration, "how often" and "seberapa sering" a frequency, "how many
 * replicas" and "berapa replica" a count of replicas, "how much", "maximum" and "minimal" a
 * quantity, "who" and "siapa" a person or role, "am I allowed" and "boleh" a rule. The words
 * that ask ("how long", "berapa lama") are not the question's subject: the fact answers them,
 * so they are cut from the text the subject is read from.
 */
export type QuestionIntent = {
  readonly kind: FactKind | null;
  /** For a count: the noun counted ("replicas"), as typed. */
  readonly countNoun: string | null;
  /** The question without the words that ask for the fact. */
  readonly subjectText: string;
};

type Rule = {readonly pattern: RegExp; readonly kind: FactKind; readonly consumes: boolean};

const TIME_WORDS_ID = 'hari|jam|menit|minggu|bulan|tahun|detik';
const RULES: readonly Rule[] = [
  {
    pattern: /\bhow (?:often|frequently)\b|\bseberapa sering\b|\bberapa kali\b/gi,
    kind: 'frequency',
    consumes: true,
  },
  {
    pattern: new RegExp(
      `\\bhow (?:long|soon|quickly|fast|early|late|far in advance|far ahead)\\b|\\bhow many (?:working |business |calendar )?(?:seconds|minutes|hours|days|weeks|months|years|sprints)\\b|\\bberapa lama\\b|\\bberapa (?:${TIME_WORDS_ID})\\b|\\bsampai kapan\\b`,
      'gi',
    ),
    kind: 'duration',
    consumes: true,
  },
  {pattern: /\bhow many\b|\bberapa banyak\b|\bjumlah\b/gi, kind: 'count', consumes: true},
  {
    pattern:
      /\bhow (?:much|big|large|old|far)\b|\bwhat time\b|\bnumber of\b|\b(?:maximum|minimum|max|min|maksimal|minimal|maksimum|minimum|maks)\b|\bversi berapa\b|\bberapa persen\b|\bberapa\b/gi,
    kind: 'quantity',
    consumes: true,
  },
  {pattern: /\b(?:who|whom|whose|siapa|siapakah)\b/gi, kind: 'person', consumes: false},
  {
    pattern:
      /^\s*(?:can|may|should|must|am|are|is it (?:ok|okay|fine|allowed))\b(?: i| we| you)?\b|\b(?:allowed to|permitted to|is it (?:ok|okay|fine|allowed)|do i have to|do we have to|boleh|dilarang|wajib|harus)\b/gi,
    kind: 'rule',
    consumes: false,
  },
];

/** "how many Kong replicas run…": the noun phrase after the count words, its last word. */
const COUNTED =
  /\b(?:how many|berapa banyak|berapa|jumlah)\s+((?:[\p{L}\p{N}-]+\s+){0,2}?[\p{L}\p{N}-]+)(?=\s+(?:do|does|did|am|are|is|were|was|can|could|should|must|will|would|have|has|had|get|got|run|in|of|for|on|per|a|at|yang|di|untuk|dari)\b|\s*[?.!]?\s*$)/iu;

/**
 * Chat abbreviations of the Indonesian question words, read as the words (brp: berapa, kpn:
 * kapan; the usual SMS forms, stop words like the words themselves: analysis/stopWords.ts).
 */
const ABBREVIATED: readonly (readonly [RegExp, string])[] = [
  [/\bbrp\b/gi, 'berapa'],
  [/\bkpn\b/gi, 'kapan'],
];

export function questionIntent(typed: string): QuestionIntent {
  const question = ABBREVIATED.reduce(
    (text, [pattern, word]) => text.replace(pattern, word),
    typed,
  );
  let kind: FactKind | null = null;
  let subjectText = question;
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    if (!rule.pattern.test(question)) continue;
    kind ??= rule.kind;
    if (rule.consumes) subjectText = subjectText.replace(rule.pattern, ' ');
  }
  let countNoun: string | null = null;
  if (kind === 'count') {
    const counted = COUNTED.exec(question)?.[1];
    countNoun = counted?.split(/\s+/).pop()?.toLowerCase() ?? null;
  }
  return {kind, countNoun, subjectText};
}
