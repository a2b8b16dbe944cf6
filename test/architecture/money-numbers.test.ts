/**
 * No JS number holds money anywhere in src/ (design, "Data rules": money is a Decimal inside and a decimal string at
 * every edge). The check looks at every `Number(…)`, `parseFloat(…)` and `parseInt(…)` (bare or on `Number.`) and
 * flags it when what it converts is a field whose name says money: one of its words (snake_case or camelCase split)
 * is amount, pay, gross, net, tax, ni, rate, salary, wage, total, deduction or contribution. Plain counts and
 * positions whose names merely contain such a word are listed below with why.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './module-graph.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

const MONEY_WORDS = new Set(['amount', 'pay', 'gross', 'net', 'tax', 'ni', 'rate', 'salary', 'wage', 'total', 'deduction', 'contribution']);

/** Field names with a money word that hold no money, each with what it is. */
const NOT_MONEY: Record<string, string> = {
  tax_period: 'the number of the tax week or month (1 to 53)',
};

const CONVERTERS = new Set(['Number', 'parseFloat', 'parseInt', 'Number.parseFloat', 'Number.parseInt']);

const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\W]+/)
    .map((w) => w.replace(/s$/, ''))
    .filter(Boolean);

export const looksLikeMoney = (name: string): boolean => !(name in NOT_MONEY) && words(name).some((w) => MONEY_WORDS.has(w));

/** The field a conversion reads: `Number(p.amount)`, `Number(row['net_pay'] ?? 0)`, `Number(total!)`, `parseFloat(rate.trim())`. */
function fieldName(node: ts.Expression): string | undefined {
  let n: ts.Expression = node;
  for (;;) {
    if (ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n) || ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) n = n.expression;
    else if (ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || n.operatorToken.kind === ts.SyntaxKind.BarBarToken)) n = n.left;
    else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'String' && n.arguments[0]) n = n.arguments[0];
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ['trim', 'toString', 'valueOf'].includes(n.expression.name.text)) n = n.expression.expression;
    else break;
  }
  if (ts.isIdentifier(n)) return n.text;
  if (ts.isPropertyAccessExpression(n)) return n.name.text;
  if (ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression)) return n.argumentExpression.text;
  return undefined;
}

export function moneyConversions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression.getText(source);
      const field = CONVERTERS.has(callee) ? fieldName(node.arguments[0]) : undefined;
      if (field !== undefined && looksLikeMoney(field)) {
        found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${node.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no JS number holds money', () => {
  it('nothing in src/ converts a money field to a number', () => {
    const found = sourceFiles(SRC).flatMap((file) => moneyConversions(relative(SRC, file).split('\\').join('/'), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('each name allowed as not money is still converted somewhere (a stale entry would only mislead)', () => {
    const all = sourceFiles(SRC).map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const name of Object.keys(NOT_MONEY)) expect(all, name).toMatch(new RegExp(`(?:Number|parse(?:Float|Int))\\([^)]*\\b${name}\\b`));
  });

  describe('the check', () => {
    it('flags money fields however they are reached', () => {
      const text = [
        'const a = Number(p.net_pay);',
        "const b = parseFloat(row['gross_pay'] ?? '0');",
        'const c = Number.parseFloat(String(pension.employee_rate).trim());',
        'const d = Number(totalDeductions!);',
        'const e = parseInt(annualSalary, 10);',
        'const f = Number((line.amount as string));',
        'const g = Number(p.employee_ni);',
      ].join('\n');
      expect(moneyConversions('x.ts', text).map((f) => f.split(' ')[0])).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:4', 'x.ts:5', 'x.ts:6', 'x.ts:7']);
    });

    it('leaves counts, positions and years alone', () => {
      const text = [
        'const a = Number(row.period_number); const b = Number(row.employee_count); const c = Number(options.page);',
        'const d = Number(row.tax_period); const e = Number(payDate.slice(0, 4)); const f = Number(result.numUpdatedRows);',
        'const g = Number(row.version); const h = Number(minimum); const i = Number(options.port);',
      ].join('\n');
      expect(moneyConversions('x.ts', text)).toEqual([]);
    });
  });
});
