// sastrawijs ships types its package.json "exports" does not point to; these are the parts used.
declare module 'sastrawijs' {
  export class Stemmer {
    constructor(dictionary?: string[]);
    stem(word: string): string;
    find(word: string): boolean;
  }
}
