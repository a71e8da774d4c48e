import {describe, expect, it} from 'vitest';
import {clearHandbookTraces} from '../src/browserTraces';

/** A Web Storage with the standard interface, as browsers implement it. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('clearing handbook traces at Logout', () => {
  it('removes recent and favorite searches, Ask AI conversations and its token', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem(
      '__DOCSEARCH_RECENT_SEARCHES__studio-handbook',
      '[{"hierarchy":{"lvl1":"Kong"}}]',
    );
    local.setItem('__DOCSEARCH_FAVORITE_SEARCHES__studio-handbook', '[]');
    local.setItem('__DOCSEARCH_ASKAI_CONVERSATIONS__studio-handbook', '[{"messages":[]}]');
    local.setItem('some-future-cache', 'handbook text');
    session.setItem('askai_token', 'eyJ.x');
    const removed = clearHandbookTraces(local, session);
    expect(removed).toHaveLength(5);
    expect(local.length).toBe(0);
    expect(session.length).toBe(0);
  });

  it('keeps preferences that say nothing about the handbook', () => {
    const local = new MemoryStorage();
    local.setItem('theme', 'dark');
    local.setItem('docusaurus.announcement.dismiss', 'true');
    local.setItem('docusaurus.announcement.id', 'docs-day');
    local.setItem('docs-preferred-version-default', 'current');
    clearHandbookTraces(local, new MemoryStorage());
    expect(local.length).toBe(4);
  });
});
