/**
 * The JVM anchor of issue 19 ("wage tax ≥ 1.0× the JVM anchor: the Java classes generated from the same PAP XML"):
 * translates a BMF Programmablaufplan into the Java class the BMF's pseudo-code describes, the way the
 * LstGen/Lohnsteuer projects do. The PAP's expressions are Java already (BigDecimal arithmetic, `compareTo`,
 * `setScale(…, BigDecimal.ROUND_DOWN)`), so they are copied as they stand: only the structure (fields, constants,
 * methods, IF/THEN/ELSE, EXECUTE) is written around them. Nothing in the product runs this; `npm run bench --
 * de-lohnsteuer` compiles it beside the TypeScript engine when a JDK is on the machine and measures both over the
 * same cases, and test/tools/jvm-anchor.test.ts holds the two to identical results.
 *
 *   node dist/tools/pap-generator/main.js --mode java < Lohnsteuer2026.xml > Lohnsteuer2026.java
 *
 * Besides the PAP, the class has `setInputs(Object[])` (the inputs in declaration order, null = default), so a
 * harness sets a case without reflection, and `INPUTS` / `OUTPUTS` (the names in that order).
 */
import { child, elements, parseXml, type XmlElement } from './generate.js';

interface JavaVariable {
  name: string;
  type: string;
  defaultValue: string | undefined;
}

const JAVA_TYPES = new Set(['int', 'double', 'long', 'boolean', 'BigDecimal', 'BigDecimal[]']);

function javaDefault(v: JavaVariable): string {
  const d = v.defaultValue?.trim();
  if (d !== undefined && d !== '') return d;
  if (v.type === 'BigDecimal') return 'BigDecimal.ZERO';
  if (v.type === 'double') return '0.0';
  if (v.type === 'boolean') return 'false';
  if (v.type === 'BigDecimal[]') return 'null';
  return '0';
}

/** How setInputs() unboxes an input of `type` from the harness's Object[]. */
function unbox(type: string): string {
  switch (type) {
    case 'int':
      return '(Integer)';
    case 'double':
      return '(Double)';
    case 'long':
      return '(Long)';
    case 'BigDecimal':
      return '(BigDecimal)';
    default:
      throw new Error(`an input of type ${type} cannot be set`);
  }
}

const statementOf = (exec: string): string => (exec.trim().endsWith(';') ? exec.trim() : `${exec.trim()};`);

export function generateJavaEdition(xml: string): string {
  const pap = child(parseXml(xml), 'PAP');
  const className = pap.attrs.name;
  if (!className || !/^Lohnsteuer\d{4}$/.test(className)) throw new Error(`PAP name "${className}" is not LohnsteuerYYYY`);
  const variables = child(pap, 'VARIABLES');
  const inputs: JavaVariable[] = [];
  const outputs: JavaVariable[] = [];
  const fields: string[] = [];
  for (const group of elements(variables)) {
    for (const decl of elements(group)) {
      const name = decl.attrs.name;
      const type = decl.attrs.type ?? '';
      if (!name || !JAVA_TYPES.has(type)) throw new Error(`<${decl.name} name="${String(name)}" type="${type}"> is not a Java variable this generator knows`);
      const v: JavaVariable = { name, type, defaultValue: decl.attrs.default };
      if (group.name === 'INPUTS') inputs.push(v);
      if (group.name === 'OUTPUTS') outputs.push(v);
      fields.push(`  public ${type} ${name} = ${javaDefault(v)};`);
    }
  }
  const constants = elements(child(pap, 'CONSTANTS'), 'CONSTANT').map((c) => {
    if (!c.attrs.name || c.attrs.value === undefined || !JAVA_TYPES.has(c.attrs.type ?? '')) throw new Error(`constant ${String(c.attrs.name)} without name, value or a known type`);
    return `  static final ${c.attrs.type} ${c.attrs.name} = ${c.attrs.value};`;
  });

  const methods = child(pap, 'METHODS');
  const known = new Set(elements(methods, 'METHOD').map((m) => m.attrs.name as string));
  const body = (el: XmlElement, indent: string): string => elements(el).map((s) => statement(s, indent)).join('');
  const statement = (s: XmlElement, indent: string): string => {
    switch (s.name) {
      case 'EVAL':
        if (s.attrs.exec === undefined) throw new Error('EVAL without exec');
        return `${indent}${statementOf(s.attrs.exec)}\n`;
      case 'EXECUTE':
        if (!s.attrs.method || !known.has(s.attrs.method)) throw new Error(`EXECUTE of unknown method ${String(s.attrs.method)}`);
        return `${indent}${s.attrs.method}();\n`;
      case 'IF': {
        if (s.attrs.expr === undefined) throw new Error('IF without expr');
        const thenEl = elements(s, 'THEN')[0];
        const elseEl = elements(s, 'ELSE')[0];
        if (!thenEl) throw new Error(`IF ${s.attrs.expr} without THEN`);
        let out = `${indent}if (${s.attrs.expr}) {\n${body(thenEl, `${indent}  `)}${indent}}`;
        if (elseEl) out += ` else {\n${body(elseEl, `${indent}  `)}${indent}}`;
        return `${out}\n`;
      }
      default:
        throw new Error(`unsupported statement <${s.name}>`);
    }
  };
  const code: string[] = [];
  for (const m of elements(methods)) {
    if (m.name === 'MAIN') code.push(`  public void MAIN() {\n${body(m, '    ')}  }`);
    else if (m.name === 'METHOD') code.push(`  void ${m.attrs.name}() {\n${body(m, '    ')}  }`);
    else throw new Error(`unexpected <${m.name}> in METHODS`);
  }
  const setters = inputs.map((v, i) => `    if (values[${i}] != null) ${v.name} = ${unbox(v.type)} values[${i}];`);
  const names = (vs: JavaVariable[]) => vs.map((v) => `"${v.name}"`).join(', ');
  return `// GENERATED by the PAP generator (tools/pap-generator, --mode java) from the BMF's ${className}.xml; the JVM anchor of the wage-tax bench, not part of the product.
import java.math.BigDecimal;

@SuppressWarnings("deprecation")
public final class ${className} {
  public static final String[] INPUTS = { ${names(inputs)} };
  public static final String[] OUTPUTS = { ${names(outputs)} };

${fields.join('\n')}

${constants.join('\n')}

  /** The inputs in the order of INPUTS; null keeps the PAP's default. */
  public void setInputs(Object[] values) {
${setters.join('\n')}
  }

${code.join('\n\n')}
}
`;
}
