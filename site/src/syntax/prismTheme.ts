import type {PrismTheme} from 'prism-react-renderer';

/**
 * The kinds of token the handbook colours, each a CSS custom property of src/syntax/palette.css
 * with a light and a dark value.
 */
export const SYNTAX_ROLES = [
  'comment',
  'punctuation',
  'keyword',
  'string',
  'number',
  'function',
  'type',
  'attribute',
  'property',
  'variable',
  'regex',
  'deleted',
  'inserted',
] as const;
export type SyntaxRole = (typeof SYNTAX_ROLES)[number];

const color = (role: SyntaxRole | 'plain' | 'background') => `var(--handbook-code-${role})`;

/** Prism's token types (across the handbook's languages) by the role that colours them. */
const TYPES: Record<SyntaxRole, readonly string[]> = {
  comment: ['comment', 'prolog', 'doctype', 'cdata'],
  punctuation: ['punctuation', 'operator', 'entity'],
  keyword: ['keyword', 'important', 'rule', 'selector', 'control-flow', 'module'],
  string: ['string', 'char', 'attr-value', 'template-string', 'string-literal', 'url'],
  number: ['number', 'boolean', 'constant', 'symbol', 'unit', 'hexcode'],
  function: ['function', 'function-variable', 'method', 'generic-function', 'macro'],
  type: [
    'class-name',
    'builtin',
    'tag',
    'maybe-class-name',
    'known-class-name',
    'namespace',
    'type-definition',
  ],
  attribute: ['attr-name', 'attribute', 'decorator', 'annotation'],
  property: ['property', 'key', 'atrule', 'literal-property', 'title', 'section'],
  variable: ['variable', 'parameter', 'interpolation-punctuation'],
  regex: ['regex', 'char-class', 'escape'],
  deleted: ['deleted'],
  inserted: ['inserted'],
};

/**
 * One Prism theme for both colour modes: every colour is a var() of the palette, so the
 * server-rendered code is right in either mode and switching needs no re-highlighting. No
 * style lowers opacity (the stock themes fade namespaces and comments below 4.5:1).
 */
export const handbookPrismTheme: PrismTheme = {
  plain: {color: color('plain'), backgroundColor: color('background')},
  styles: SYNTAX_ROLES.map((role) => ({
    types: [...TYPES[role]],
    style: role === 'comment' ? {color: color(role), fontStyle: 'italic'} : {color: color(role)},
  })),
};
