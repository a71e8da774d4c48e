import {describe, expect, it} from 'vitest';
import {CitationFilter} from '../../src/askai/citationFilter';

const ROLLBACKS = '/docs/workflow/deployment-workflow#rollbacks';

function run(deltas: readonly string[], allowed: readonly string[] = [ROLLBACKS]) {
  const filter = new CitationFilter(allowed);
  const shown = deltas.map((delta) => filter.push(delta)).join('') + filter.flush();
  return {shown, filter};
}

describe('the citation filter', () => {
  it('keeps a link to a section retrieval returned', () => {
    const {shown, filter} = run([`See [Rollbacks](${ROLLBACKS}) for the steps.`]);
    expect(shown).toBe(`See [Rollbacks](${ROLLBACKS}) for the steps.`);
    expect(filter.cited).toEqual([ROLLBACKS]);
  });

  it('keeps only the label of a link to a section retrieval did not return', () => {
    const {shown, filter} = run(['Read [the guide](/docs/tools/git#undo) first.']);
    expect(shown).toBe('Read the guide first.');
    expect(filter.removed).toEqual(['/docs/tools/git#undo']);
  });

  it('keeps only the label of a link to another site', () => {
    const {shown} = run(['Ask [Stack Overflow](https://stackoverflow.com/q/1).']);
    expect(shown).toBe('Ask Stack Overflow.');
  });

  it('removes bare and angle-bracketed URLs of other sites', () => {
    const {shown} = run(['See https://evil.example/x?leak=1 or <https://evil.example/y>. Done.']);
    expect(shown).not.toContain('evil.example');
    expect(shown).toContain('Done.');
  });

  it('drops images, which would make the browser request another host', () => {
    const {shown} = run([
      `![pixel](https://evil.example/p.png?q=secret) [Rollbacks](${ROLLBACKS})`,
    ]);
    expect(shown).not.toContain('evil.example');
    expect(shown).not.toContain('pixel');
    expect(shown).toContain(`[Rollbacks](${ROLLBACKS})`);
  });

  it('checks a link that arrives split across many pieces', () => {
    const text = `Use [Rollbacks](${ROLLBACKS}) or [that](https://evil.example/z).`;
    const {shown} = run(text.split(''));
    expect(shown).toBe(`Use [Rollbacks](${ROLLBACKS}) or that.`);
  });

  it('turns an absolute link to a returned section into a link on this origin', () => {
    const {shown} = run([`[Rollbacks](https://handbook.studio.example${ROLLBACKS})`]);
    expect(shown).toBe(`[Rollbacks](${ROLLBACKS})`);
  });

  it('does not hold back text that can no longer become a link', () => {
    const filter = new CitationFilter([ROLLBACKS]);
    expect(filter.push('Roll back with helm. ')).toBe('Roll back with helm. ');
    expect(filter.push('[not a link')).toBe('');
    expect(filter.push(` ${'x'.repeat(700)} `)).toContain('[not a link');
  });

  it('leaves escaped brackets of quoted handbook text alone', () => {
    const {shown} = run(['> Run \\[optional\\] steps (see below).']);
    expect(shown).toBe('> Run \\[optional\\] steps (see below).');
  });
});

describe('the citation filter on code', () => {
  it('passes URLs inside inline code and fenced code untouched', () => {
    const text =
      'Point it at `http://host.docker.internal:3001`:\n\n```\ncurl http://localhost:8000/api\n```\nDone.';
    const {shown} = run(text.split(''));
    expect(shown).toBe(text);
  });

  it('still checks links after a code block', () => {
    const {shown} = run([
      '```\nhelm rollback\n```\n',
      'See [x](https://evil.example) and [Rollbacks](',
      `${ROLLBACKS}).`,
    ]);
    expect(shown).toBe(`\`\`\`\nhelm rollback\n\`\`\`\nSee x and [Rollbacks](${ROLLBACKS}).`);
  });
});
