import {describe, expect, it} from 'vitest';
import {englishTranslations} from '../src/analysis/translations';
import {agreed, invert, pivot} from '../scripts/freedict';

describe("the Indonesian reader's dictionary", () => {
  it('reads an English–Indonesian entry backwards, under the word and under its root', () => {
    const lexicon = invert([
      ['delete', 'delete /dɪˈliːt/ <v>\nmenghapus\nto remove\n'],
      ['leave', 'leave /liːv/ <n>\n1. cuti\nabsence from work\n2. cuti, izin\npermission\n'],
      ['AD', 'AD /ˈad/ <adv>\nMasehi\nanno Domini\n'],
      ['password', 'password /ˈpæswɜːd/ <n>\nkata sandi, sandi\nstring of characters\n'],
    ]);
    expect(lexicon.get('menghapus')).toEqual(['delete']);
    expect(lexicon.get('hapus')).toEqual(['delete']);
    expect(lexicon.get('izin')).toEqual(['leave']);
    expect(lexicon.get('cuti')).toEqual(['leave']);
    // No capitalised headword, no phrase, no gloss line.
    expect(lexicon.has('masehi')).toBe(false);
    expect(lexicon.has('kata sandi')).toBe(false);
    expect(lexicon.get('sandi')).toEqual(['password']);
    expect(lexicon.has('absence')).toBe(false);
  });

  it('keeps a pivot translation only where two pivot languages agree on it', () => {
    const polish = pivot(
      [['zatwierdzać', 'zatwierdzać <v>\nmenyetujui\npotwierdzić\n']],
      [['zatwierdzać', 'zatwierdzać <v>\nto approve, endorse\nuznać\n']],
    );
    const finnish = pivot(
      [['hyväksyä', 'hyväksyä <v>\nmenyetujui, menerima\nantaa hyväksyntä\n']],
      [['hyväksyä', 'hyväksyä <v>\napprove, accept\nantaa hyväksyntä\n']],
    );
    expect(polish.get('menyetujui')).toEqual(new Set(['approve', 'endorse']));
    // Filed under its root too (Sastrawi: menyetujui → tuju).
    expect(polish.get('tuju')).toEqual(new Set(['approve', 'endorse']));
    const lexicon = agreed([polish, finnish], 2);
    expect(lexicon.get('menyetujui')).toEqual(['approve']);
    // One pivot alone is not enough: "menerima" is only Finnish's.
    expect(lexicon.has('menerima')).toBe(false);
    expect(agreed([polish, finnish], 1).get('menyetujui')).toEqual([
      'approve',
      'accept',
      'endorse',
    ]);
  });

  it('translates an Indonesian word as typed, by its root and by its colloquial base', () => {
    expect(englishTranslations('gagal')).toContain('fail');
    expect(englishTranslations('dihapus')).toContain('delete');
    expect(englishTranslations('nyimpen')).toContain('save');
  });

  it('drops translations that are English stop words', () => {
    expect(englishTranslations('buat')).not.toContain('for');
    expect(englishTranslations('buat')).toContain('make');
  });
});
