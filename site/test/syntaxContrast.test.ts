import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import postcss from 'postcss';
import {describe, expect, it} from 'vitest';
import config from '../docusaurus.config';
import {handbookPrismTheme} from '../src/syntax/prismTheme';

extend([a11yPlugin]);

/**
 * Issue 31: every syntax colour of the handbook's code blocks keeps WCAG's 4.5:1 against the
 * block, and against a highlighted line, in both colour modes, computed from the palette the
 * site ships (src/syntax/palette.css) through the Prism theme that points at it.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const PALETTE = path.join(here, '../src/syntax/palette.css');
const MODES = {light: ':root', dark: "[data-theme='dark']"} as const;
type Mode = keyof typeof MODES;

/** The custom properties each mode's rule declares, by name. */
function paletteByMode(): Record<Mode, Map<string, string>> {
  const root = postcss.parse(readFileSync(PALETTE, 'utf8'));
  const byMode = {light: new Map<string, string>(), dark: new Map<string, string>()};
  root.walkRules((rule) => {
    const mode = (Object.keys(MODES) as Mode[]).find((name) => MODES[name] === rule.selector);
    if (!mode) return;
    rule.walkDecls(/^--/, (decl) => {
      byMode[mode].set(decl.prop, decl.value.trim());
    });
  });
  return byMode;
}

/** A value of the palette with its var() references followed, as a colour. */
function resolve(value: string, palette: Map<string, string>, seen: string[] = []): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (!reference) return value;
  const name = reference[1] ?? '';
  const next = palette.get(name);
  if (next === undefined || seen.includes(name)) throw new Error(`${name} is not defined`);
  return resolve(next, palette, [...seen, name]);
}

const palette = paletteByMode();
const tokenColours = [
  {types: ['plain'], color: String(handbookPrismTheme.plain.color)},
  ...handbookPrismTheme.styles.map(({types, style}) => ({types, color: String(style.color)})),
];

describe('the syntax colours', () => {
  it('are the Prism theme of both colour modes', () => {
    const prism = (config.themeConfig as {prism: {theme: unknown; darkTheme?: unknown}}).prism;
    expect(prism.theme).toBe(handbookPrismTheme);
    // No dark theme: usePrismTheme() falls back to the same object, so a dark-mode reader's
    // page keeps the server's code and never loads Prism to recolour it.
    expect(prism.darkTheme).toBeUndefined();
  });

  it('never fade a token with opacity', () => {
    for (const {style} of handbookPrismTheme.styles) expect(style).not.toHaveProperty('opacity');
  });

  describe.each(Object.keys(MODES) as Mode[])('in %s mode', (mode) => {
    const colours = palette[mode];
    const background = colord(resolve(String(handbookPrismTheme.plain.backgroundColor), colours));
    const highlighted = colord(resolve('var(--docusaurus-highlighted-code-line-bg)', colours));

    it('define an opaque block and highlighted-line background', () => {
      expect(background.isValid() && background.alpha()).toBe(1);
      expect(highlighted.isValid() && highlighted.alpha()).toBe(1);
    });

    it.each(tokenColours)(
      '$types.0 keeps 4.5:1 on the block and on a highlighted line',
      (token) => {
        const colour = colord(resolve(token.color, colours));
        expect(colour.isValid(), `${token.color} in ${mode} mode`).toBe(true);
        expect(colour.alpha()).toBe(1);
        expect(colour.contrast(background)).toBeGreaterThanOrEqual(4.5);
        expect(colour.contrast(highlighted)).toBeGreaterThanOrEqual(4.5);
      },
    );
  });

  it('give both modes the same roles', () => {
    expect([...palette.light.keys()].sort()).toEqual([...palette.dark.keys()].sort());
  });
});
