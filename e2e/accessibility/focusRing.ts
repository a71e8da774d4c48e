import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type {Page} from 'playwright-core';

extend([a11yPlugin]);

/** The focused element's ring as drawn, and what it is drawn against. */
export type FocusRing = {
  /** A short description of the focused element, for a failing assertion. */
  readonly element: string;
  readonly style: string;
  readonly width: number;
  readonly color: string;
  /** The opaque colour behind the ring (ancestors' backgrounds composited). */
  readonly background: string;
  /** WCAG contrast of the ring against that background. */
  readonly contrast: number;
};

/**
 * Measures the focus indicator of the element that has focus: its own outline, or the outline
 * of the nearest ancestor that draws one for it (`:focus-within`, as the search dialog's query
 * bar does). Null when nothing has focus or no outline is drawn.
 */
export async function focusRing(page: Page): Promise<FocusRing | null> {
  const measured = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const drawsRing = (element: Element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    let ringElement: Element | null = focused;
    while (ringElement && !drawsRing(ringElement)) {
      ringElement = ringElement.parentElement;
      if (ringElement && !ringElement.matches(':focus-within')) ringElement = null;
    }
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.className && typeof element.className === 'string'
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      } "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    if (!ringElement) return {element: describe(focused), ring: null};
    const style = getComputedStyle(ringElement);
    // The ring is drawn outside the element (offset >= 0) over its parent's background, or
    // inside it over its own.
    const start = parseFloat(style.outlineOffset) >= 0 ? ringElement.parentElement : ringElement;
    const layers: string[] = [];
    for (let element = start; element; element = element.parentElement) {
      const background = getComputedStyle(element).backgroundColor;
      layers.push(background);
      const alpha = /rgba?\([^)]*?,\s*([\d.]+)\)/.exec(background)?.[1];
      if (background !== 'rgba(0, 0, 0, 0)' && (alpha === undefined || Number(alpha) === 1)) break;
    }
    return {
      element: describe(focused),
      ring: {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        layers,
      },
    };
  });
  if (!measured?.ring) return measured ? {...EMPTY, element: measured.element} : null;
  const {style, width, color, layers} = measured.ring;
  const background = composite(layers);
  return {
    element: measured.element,
    style,
    width,
    color,
    background,
    contrast: colord(color).contrast(background),
  };
}

const EMPTY = {style: 'none', width: 0, color: 'transparent', background: 'white', contrast: 0};

/** Backgrounds from the nearest to the farthest, composited over white. */
function composite(layers: readonly string[]): string {
  let result = {r: 255, g: 255, b: 255};
  for (const layer of [...layers].reverse()) {
    const {r, g, b, a} = colord(layer).toRgb();
    result = {
      r: r * a + result.r * (1 - a),
      g: g * a + result.g * (1 - a),
      b: b * a + result.b * (1 - a),
    };
  }
  return colord(result).toHex();
}
