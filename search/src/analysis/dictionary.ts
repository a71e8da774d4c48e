import {createRequire} from 'node:module';

/**
 * Whether a word the handbook never uses is an ordinary word of a language (an English word:
 * "salary", "hurry", "pitch") or not (a name: "Kafka", "Datadog", "Jira"). A question is judged
 * on the subject it shares with the handbook: an ordinary word it does not share is phrasing, a
 * name it does not share is usually the question's subject, one the handbook cannot answer.
 * English: the 275,000 words of `an-array-of-english-words` (the Letterpress word list).
 * Indonesian words are recognised by Sastrawi's root dictionary (`indonesian.ts`).
 */
let english: ReadonlySet<string> | null = null;

function englishWords(): ReadonlySet<string> {
  english ??= new Set(
    createRequire(import.meta.url)('an-array-of-english-words') as readonly string[],
  );
  return english;
}

export function isDictionaryWord(word: string): boolean {
  return englishWords().has(word);
}
