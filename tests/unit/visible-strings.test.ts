import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word a screen shows goes through a catalogue: this reads each .tsx of the admin and the shop and fails on
 * JSX text with letters, and on a visible prop (label, title, placeholder …) given as a literal string.
 * A label given as a catalogue key (react-admin translates `resources.x.fields.y` itself) is allowed.
 */
const ROOTS = ['src/admin', 'src/shop'];
const VISIBLE_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'helperText',
  'aria-label',
  'alt',
  'emptyText',
  'tooltip',
  'subheader',
  'primary',
  'secondary',
  'confirmTitle',
  'confirmContent',
  'emptyMessage',
  'noOptionsText',
]);
/** A catalogue key: dotted lower-case words, as react-admin's inputs take them. */
const KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;
/**
 * Text that is the same in every language: brand and protocol names, units, symbols, the language names of the
 * switcher. Keep it short; anything that is a word of English belongs in the catalogues.
 */
const ALLOWED = new Set([
  'EN',
  '中文',
  'RWA',
  'RWA Admin',
  'ERC-1155',
  'ERC1155',
  'ERC721',
  'ERC20',
  'USD',
  'ETH',
  'QR',
  'CSV',
  'KYC',
  'DNS',
  'TTL',
  'API',
  'SDK',
  'ID',
  'URL',
  'SKU',
  'CVC',
  'MX',
  'TXT',
  'CNAME',
  'AAAA',
  'NS',
  'A',
  'wei',
  'Gwei',
  'x',
  'MM/YY',
  '0x…',
  'https://…',
  'you@example.com',
  'name@example.com',
]);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.tsx') ? [p] : [];
  });
}

const hasWords = (s: string) => /\p{L}{2,}/u.test(s);
const allowed = (s: string) => ALLOWED.has(s.trim()) || KEY.test(s.trim()) || !hasWords(s);

/** The strings an expression can evaluate to as written: itself, a conditional's branches, a fallback's right side. */
function shown(e: ts.Expression): ts.StringLiteralLike[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e];
  if (ts.isParenthesizedExpression(e)) return shown(e.expression);
  if (ts.isConditionalExpression(e)) return [...shown(e.whenTrue), ...shown(e.whenFalse)];
  if (
    ts.isBinaryExpression(e) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
      e.operatorToken.kind,
    )
  )
    return shown(e.right);
  return [];
}

export function bypasses(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const where = (n: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text && !allowed(text)) found.push(`${where(node)} text "${text}"`);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const literal of shown(node.expression))
        if (!allowed(literal.text)) found.push(`${where(literal)} text "${literal.text}"`);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literals = ts.isStringLiteral(init)
        ? [init]
        : ts.isJsxExpression(init) && init.expression
          ? shown(init.expression)
          : [];
      for (const literal of literals)
        if (!allowed(literal.text)) found.push(`${where(node)} ${node.name.getText(source)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('visible strings', () => {
  it('come from the catalogues in every admin and shop screen', () => {
    expect(ROOTS.flatMap(files).flatMap(bypasses)).toEqual([]);
  }, 30_000); // parses some 200 files: slow on a busy machine

  it('are caught when a screen writes one directly', () => {
    const probe = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'visible-')), 'Probe.tsx');
    fs.writeFileSync(
      probe,
      "export const P = ({ on }: { on: boolean }) => <div title=\"Save changes\"><b>Hello world</b><i aria-label={'app.menu.x'}>€</i>{on ? 'Turned on' : '—'}<u placeholder={on && 'Type here'} /></div>;",
    );
    expect(bypasses(probe)).toEqual([
      `${probe}:1 title="Save changes"`,
      `${probe}:1 text "Hello world"`,
      `${probe}:1 text "Turned on"`,
      `${probe}:1 placeholder="Type here"`,
    ]);
  });
});
