/**
 * German payslip explanations (issue 18 point 7): the PAP's variables by their BMF names, read from the program
 * after each step that sets them (domain/de/lohnsteuer PAP_STEP_FIELDS), and the social-insurance steps with their
 * bases, ceilings (BBG) pro-rated by SV days, rates and employee / employer shares, all from the trace stored with
 * the payslip. Meanings follow the PAP's "Interne Felder" and "Ausgabeparameter"; rules cite the PAP's pages and the
 * statutes the SV engine cites (domain/de/social-insurance.ts).
 */
import { notFound } from '../../../domain/errors.js';
import { Decimal, money } from '../../../domain/money.js';
import { readDePayslipFigures } from '../../../store/de-payslip-figures.js';
import { findDeRun, listDeRunPayslips } from '../../../store/repositories/de-payroll-runs.js';
import type { ServiceContext } from '../../context.js';
import { DE_EXPLAINED_FIGURES, type PayslipExplanation } from '../../contracts/explanations.js';
import { type ExplanationCatalogue, explanationOf, figureAsked, payslipOfEmployee, type StoredStep } from '../explain.js';
import { requireDeOrg } from './org.js';

/** The PAP's variables (BMF names): what each is, in the PAP's unit (euros with cents, or cents where the BMF says so). */
const PAP_MEANINGS: Readonly<Record<string, string>> = {
  BBGRVALV: 'Beitragsbemessungsgrenze RV/ALV (annual, €) for the Vorsorgepauschale',
  BBGKVPV: 'Beitragsbemessungsgrenze KV/PV (annual, €) for the Vorsorgepauschale',
  RVSATZAN: 'employee RV rate (Vorsorgepauschale)',
  AVSATZAN: 'employee ALV rate (Vorsorgepauschale)',
  KVSATZAN: 'employee KV rate incl. half the Zusatzbeitrag (Vorsorgepauschale)',
  PVSATZAN: 'employee PV rate (Vorsorgepauschale)',
  GFB: 'Grundfreibetrag (€)',
  SOLZFREI: 'Freigrenze of the Solidaritätszuschlag (annual wage tax, €)',
  RE4: 'taxable wage of the pay period (cents)',
  LZZ: 'pay period: 1 year, 2 month, 3 week, 4 day',
  STKL: 'tax class',
  ZKF: 'child allowances (Kinderfreibeträge)',
  ZRE4J: 'annual wage (€): RE4 × 12 for a month',
  ZVBEZJ: 'annual pension payments (Versorgungsbezüge, €)',
  JLFREIB: 'annual ELStAM allowance (€)',
  JLHINZU: 'annual ELStAM addition (€)',
  FVB: 'Versorgungsfreibetrag (€)',
  FVBZ: 'Zuschlag zum Versorgungsfreibetrag (€)',
  ALTE: 'Altersentlastungsbetrag (€)',
  ZRE4: 'annual wage after the allowances (€)',
  ZVBEZ: 'annual pension payments after the Versorgungsfreibetrag (€)',
  ZRE4VP: 'annual wage for the Vorsorgepauschale (€)',
  ANP: 'Arbeitnehmer-Pauschbetrag / Werbungskosten-Pauschbetrag (€)',
  EFA: 'Entlastungsbetrag für Alleinerziehende (€, class II)',
  SAP: 'Sonderausgaben-Pauschbetrag (€)',
  KFB: 'Kinderfreibetrag (€)',
  KZTAB: 'Kennzahl der Tabelle: 1 basic, 2 splitting (class III)',
  ZTABFB: 'fixed table allowances (€): EFA + ANP + SAP + FVBZ',
  ZRE4VPR: 'wage for the RV part, capped at BBGRVALV (€)',
  VSPR: 'Vorsorgepauschale: pension part (€)',
  VSPKVPV: 'Vorsorgepauschale: health and care part (€)',
  VSPALV: 'Vorsorgepauschale: unemployment part (€)',
  VSPN: 'Mindestvorsorgepauschale (€)',
  VSP: 'Vorsorgepauschale (€)',
  ZVE: 'zu versteuerndes Einkommen (€)',
  X: 'income the tariff is applied to (€): ZVE ÷ KZTAB, cut to the euro',
  ST: 'annual income tax by the tariff (€)',
  f: 'factor of the factor method (class IV)',
  LSTJAHR: 'annual wage tax (€): ST × f',
  LSTLZZ: 'wage tax of the pay period (cents)',
  JBMG: 'annual assessment base of the Soli and church tax (€, after child allowances)',
  SOLZJ: 'annual Solidaritätszuschlag (€)',
  SOLZLZZ: 'Solidaritätszuschlag of the pay period (cents)',
  BK: 'church-tax base of the pay period (cents)',
  SONSTB: 'other payment (sonstiger Bezug, cents)',
  LSTOSO: 'annual wage tax without the other payment (cents)',
  LSTSO: 'annual wage tax with the other payment (cents)',
  STS: 'wage tax on the other payment (cents)',
  SOLZS: 'Solidaritätszuschlag on the other payment (cents)',
  BKS: 'church-tax base of the other payment (cents)',
};

/** The SV and payslip steps' figures. */
const SV_MEANINGS: Readonly<Record<string, string>> = {
  SV_TAGE: 'SV-Tage of the month (30 for a whole month)',
  laufendes_Entgelt: 'current (laufendes) wage of the month (€)',
  Einmalzahlung: 'one-off payment (einmalig gezahltes Arbeitsentgelt, €)',
  BBG_KV_PV_Jahr: 'annual ceiling KV/PV (€)',
  BBG_KV_PV: 'ceiling KV/PV for the period: annual ÷ 12 × SV-Tage ÷ 30 (€)',
  BBG_RV_ALV_Jahr: 'annual ceiling RV/ALV (€)',
  BBG_RV_ALV: 'ceiling RV/ALV for the period: annual ÷ 12 × SV-Tage ÷ 30 (€)',
  Einmalzahlung_KV_PV_anteilig: "contributory part of the one-off, KV/PV (€, the year's remaining ceiling)",
  Einmalzahlung_RV_ALV_anteilig: "contributory part of the one-off, RV/ALV (€, the year's remaining ceiling)",
  Beitragsbemessungsgrundlage_KV_PV: 'contribution base KV/PV (€)',
  Beitragsbemessungsgrundlage_RV_ALV: 'contribution base RV/ALV (€)',
  Beitragsbemessungsgrundlage: 'contribution base (€)',
  Arbeitsentgelt: 'wage of the month (€)',
  Faktor_F: 'Faktor F of the Übergangsbereich',
  BE_gesamt: 'reduced base of the Übergangsbereich (€)',
  BE_Arbeitnehmer: "employee's base of the Übergangsbereich (€)",
  allgemeiner_Beitragssatz_halb: 'half the general KV rate',
  Zusatzbeitrag_halb: "half the insurer's Zusatzbeitrag",
  allgemeiner_Beitrag_je_Seite: 'general KV contribution per side (€)',
  Zusatzbeitrag_je_Seite: 'Zusatzbeitrag per side (€)',
  Beitragssatz_halb: 'half the rate (each side)',
  Beitragssatz_Arbeitnehmer: "employee's rate (with the childless surcharge or child reductions)",
  Beitragssatz_Arbeitgeber: "employer's rate",
  Kinderlosenzuschlag: 'childless surcharge (employee alone)',
  Arbeitnehmer: "employee's share (€, the payslip figure)",
  Arbeitgeber: "employer's share (€)",
  Umlagegrundlage_U1_U2: 'base of U1/U2: current wage up to the RV ceiling (€)',
  U1_Satz: 'U1 rate (sick pay levy)',
  U1: 'U1 levy (€)',
  U2_Satz: 'U2 rate (maternity levy)',
  U2: 'U2 levy (€)',
  Insolvenzgeldumlage_Grundlage: 'base of the insolvency levy (€)',
  U3_Satz: 'insolvency levy rate',
  U3: 'insolvency levy (€)',
  LSTLZZ: 'wage tax of the pay period (cents)',
  STS: 'wage tax on the other payment (cents)',
  Steuertage: 'tax days (a partial month: the day table × days; else 1)',
  Lohnsteuer: 'wage tax on the payslip (€): (LSTLZZ × Steuertage + STS) ÷ 100',
  SOLZLZZ: 'Solidaritätszuschlag of the pay period (cents)',
  SOLZS: 'Solidaritätszuschlag on the other payment (cents)',
  Solidaritaetszuschlag: 'Solidaritätszuschlag on the payslip (€): (SOLZLZZ × Steuertage + SOLZS) ÷ 100',
  BK: 'church-tax base of the pay period (cents)',
  BKS: 'church-tax base of the other payment (cents)',
  Kirchensteuersatz: "the state's church-tax rate (8 % or 9 %)",
  Kirchensteuer: 'church tax on the payslip (€): BK × rate and BKS × rate, each cut to the cent',
};

/** The PAP's steps: what each does and its page in the PAP. */
const PAP_RULES: Readonly<Record<string, string>> = {
  MPARA: 'PAP MPARA: the year\'s parameters: ceilings and rates for the Vorsorgepauschale, Grundfreibetrag, Soli Freigrenze',
  MRE4JL: 'PAP MRE4JL: annual wage by § 39b Abs. 2 Satz 2 EStG: the period wage × 12 (month), 360/7 (week) or 360 (day), cut to the cent',
  MRE4: 'PAP MRE4: Versorgungsfreibetrag and its Zuschlag (§ 19 Abs. 2 EStG)',
  MRE4ALTE: 'PAP MRE4ALTE: Altersentlastungsbetrag (§ 24a EStG)',
  MRE4ABZ: 'PAP MRE4ABZ: annual wage less the allowances (§ 39b Abs. 2 Satz 3 and 4 EStG)',
  MZTABFB: 'PAP MZTABFB: fixed table allowances: Arbeitnehmer-Pauschbetrag (§ 9a EStG), Sonderausgaben-Pauschbetrag (§ 10c EStG), Entlastungsbetrag (§ 24b EStG), Kinderfreibetrag (§ 32 Abs. 6 EStG)',
  UPEVP: 'PAP UPEVP: Vorsorgepauschale (§ 39b Abs. 2 Satz 5 Nr. 3 EStG): pension, health/care and unemployment parts',
  MLSTJAHR: 'PAP MLSTJAHR: ZVE = ZRE4 − ZTABFB − VSP; X = ZVE ÷ KZTAB; ST by the tariff of § 32a EStG (UPTAB) or class V/VI (MST5_6)',
  UPLSTLZZ: 'PAP UPLSTLZZ: LSTJAHR = ST × f; the period\'s share LSTLZZ (÷ 12 for a month), cut to the cent',
  MSOLZ: 'PAP MSOLZ: Solidaritätszuschlag 5.5 % of JBMG above the Freigrenze with the Milderungszone (SolZG § 3, § 4); BK, the church-tax base',
  MSONST: 'PAP MSONST: other payments (§ 39b Abs. 3 EStG): the tax on the annual wage with and without the payment; the difference is STS',
};

const SV_RULES: Readonly<Record<string, string>> = {
  REGULAR: 'regular employment: contributions on the wage up to the ceilings (SGB IV)',
  MIDIJOB: 'Übergangsbereich (§ 20 Abs. 2 SGB IV): contributions on the reduced bases',
  MINIJOB: 'minijob (§ 8 SGB IV): employer flat contributions, RV contributions unless exempt',
  CEILING_KV_PV: 'the wage is above the KV/PV ceiling for the period: the base is the ceiling (§ 223 Abs. 3 SGB V)',
  CEILING_RV_ALV: 'the wage is above the RV/ALV ceiling for the period: the base is the ceiling (§ 157, § 159 SGB VI; § 341 SGB III)',
  BASES: 'bases: the wage up to the period\'s ceiling (annual ÷ 12 × SV-Tage ÷ 30, half up to the cent); a one-off adds its contributory part up to the year\'s remaining ceiling (§ 23a SGB IV)',
  MIDIJOB_BASES: 'Übergangsbereich: BE = F × G + … and the employee\'s base (§ 20a SGB IV)',
  KV: 'KV: each side round(base × 7.3 %) plus round(base × half the Zusatzbeitrag) (§ 249 SGB V; BVV § 2)',
  PV: 'PV: employee round(base × employee rate incl. childless surcharge or child reductions), employer round(base × employer rate) (§ 55, § 58 SGB XI; BVV § 2)',
  PV_SAXONY: 'Saxony: the employee bears a larger PV share (§ 58 Abs. 3 SGB XI)',
  PV_CHILDLESS_SURCHARGE: 'childless surcharge 0.6 % borne by the employee (§ 55 Abs. 3 SGB XI)',
  PV_CHILD_REDUCTION: 'reduction 0.25 % per child from the second to the fifth (§ 55 Abs. 3 SGB XI)',
  RV: 'RV: each side round(base × 9.3 %) (§ 158, § 168 SGB VI; BVV § 2)',
  ALV: 'ALV: each side round(base × 1.3 %) (§ 341, § 346 SGB III; BVV § 2)',
  U1_U2_U3: 'levies: U1/U2 on the current wage up to the RV ceiling (AAG § 7), U3 on the RV base (§ 358 SGB III); each rounded half up',
  PKV_SUBSIDY: 'employer subsidy to private health and care insurance (§ 257 SGB V, § 61 SGB XI)',
};

const PAYSLIP_RULES: Readonly<Record<string, string>> = {
  WAGE_TAX: 'the payslip\'s wage tax: the PAP\'s LSTLZZ (× tax days of a partial month) + STS, in euros',
  SOLIDARITY: 'the payslip\'s Soli: the PAP\'s SOLZLZZ (× tax days) + SOLZS, in euros',
  CHURCH_TAX: 'church tax: BK × the state\'s rate and BKS × the rate, fractions of a cent dropped, each on its own (KiStG of the state)',
  NET: 'net wages = gross − wage tax − Soli − church tax − employee SV',
};

const SV_NODES: Readonly<Record<string, readonly string[]>> = {
  kv: ['KV'],
  pv: ['PV', 'PV_SAXONY', 'PV_CHILDLESS_SURCHARGE', 'PV_CHILD_REDUCTION'],
  rv: ['RV'],
  av: ['ALV'],
  levies: ['U1_U2_U3'],
};
const SV_COMMON = new Set(['REGULAR', 'MIDIJOB', 'MINIJOB', 'BASES', 'MIDIJOB_BASES', 'CEILING_KV_PV', 'CEILING_RV_ALV']);
const SOLI_NAMES = new Set(['SOLZFREI', 'ZVE', 'X', 'ST', 'LSTJAHR', 'JBMG', 'SOLZJ', 'SOLZLZZ', 'SONSTB', 'SOLZS']);
const CHURCH_NAMES = new Set(['JBMG', 'BK', 'BKS']);

const isPap = (step: StoredStep): boolean => step.flow.startsWith('Lohnsteuer');

export const deCatalogue: ExplanationCatalogue = {
  country: 'DE',
  figures: DE_EXPLAINED_FIGURES,
  includes(figure, step, name) {
    if (isPap(step)) {
      if (figure === 'wage_tax') return true;
      if (figure === 'soli') return name !== null && SOLI_NAMES.has(name);
      if (figure === 'church_tax') return name !== null && CHURCH_NAMES.has(name);
      return false;
    }
    if (step.flow === 'PAYSLIP') {
      return (figure === 'wage_tax' && step.node === 'WAGE_TAX') || (figure === 'soli' && step.node === 'SOLIDARITY') || (figure === 'church_tax' && step.node === 'CHURCH_TAX');
    }
    if (step.flow === 'SV') {
      const own = SV_NODES[figure];
      if (!own) return false;
      if (own.includes(step.node)) return true;
      if (!SV_COMMON.has(step.node)) return step.node.startsWith('MINIJOB') && figure !== 'levies';
      // The bases step: only the base and ceiling of the figure's branch.
      if (step.node === 'BASES' && name !== null) {
        const health = figure === 'kv' || figure === 'pv';
        return name === 'SV_TAGE' || name === 'laufendes_Entgelt' || name === 'Einmalzahlung' || (health ? name.includes('KV_PV') : name.includes('RV_ALV'));
      }
      return true;
    }
    return false;
  },
  meaning(step, name) {
    if (name === null) return step.node.toLowerCase().replace(/_/g, ' ');
    return (isPap(step) ? PAP_MEANINGS[name] : (SV_MEANINGS[name] ?? PAP_MEANINGS[name])) ?? name.replace(/_/g, ' ');
  },
  rule(step) {
    if (isPap(step)) return `${PAP_RULES[step.node] ?? `PAP ${step.node}`} (${step.flow})`;
    if (step.flow === 'PAYSLIP') return PAYSLIP_RULES[step.node] ?? step.node;
    return SV_RULES[step.node] ?? (step.node.startsWith('MINIJOB') ? `minijob: ${step.node.toLowerCase().replace(/_/g, ' ')} (§ 8 SGB IV, § 168 Abs. 1 Nr. 1b SGB VI)` : `SV ${step.node}`);
  },
};

export async function explainGermanPayslip(ctx: ServiceContext, orgId: string, runId: string, employee: string, query: Record<string, unknown> | undefined): Promise<PayslipExplanation> {
  const db = ctx.store.db;
  await requireDeOrg(ctx, db, orgId);
  const figure = figureAsked(deCatalogue, query);
  const run = await findDeRun(db, orgId, runId);
  if (!run) throw notFound('payroll run', runId, 'PAYROLL_RUN.NOT_FOUND');
  const { row, payrollNumber } = await payslipOfEmployee(db, orgId, runId, await listDeRunPayslips(db, runId), employee);
  const f = readDePayslipFigures(row.figures_json, row.figures_version);
  const e = f.employer;
  const payslipValue: Record<string, string> = {
    wage_tax: f.incomeTax,
    soli: f.solidarityTax,
    church_tax: f.churchTax,
    kv: f.healthInsurance,
    pv: f.careInsurance,
    rv: f.pensionInsurance,
    av: f.unemploymentInsurance,
    // The levies are the employer's alone: U1 + U2 + U3.
    levies: money(new Decimal(e.sickPay).plus(e.maternity).plus(e.insolvency)),
  };
  return explanationOf(deCatalogue, figure, { runId, runStatus: run.status, employeeId: row.employee_id, payrollNumber, payslipValue: payslipValue[figure] as string, trace: f.trace });
}
