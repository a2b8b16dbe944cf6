/**
 * Public types of the German wage-tax engine (BMF Programmablaufplan, PAP).
 *
 * Every field keeps the BMF's own name and unit: amounts in cents (Cent), rates in percent
 * where the BMF says so (KVZ), counts and flags as integers. The PAP editions differ slightly in
 * their interface; a field an edition does not define is ignored by that edition (e.g. ALV and
 * PKPVAGZ exist from 2026 on, VKVLZZ and VKVSONST only up to 2025).
 */
import type { Decimal } from '../../money.js';

/** A BigDecimal input of the PAP: a Decimal, a JS number or a decimal string. */
export type PapAmount = Decimal | number | string;

/**
 * Every input of the PAP by its BMF name (PAP "Eingabeparameter").
 *
 * Defaults (what `calculateLohnsteuer` uses when a field is absent): every input is 0, except
 * `f`, which is 1. LZZ and STKL have no meaningful zero and must be given.
 * Note: the BMF's XML declares `af` with default 1; here an absent `af` is 0, so a factor `f`
 * takes effect only together with `af: 1` (which is how ELStAM delivers it).
 */
export type PapInput = {
  /** 1 if the factor method (Faktorverfahren, STKL IV only) applies, else 0. */
  af: number;
  /** Calendar year following the 64th birthday (needed when ALTER1 = 1). */
  AJAHR: number;
  /** 1 if the 64th birthday was completed before the start of the calendar year (§ 24a EStG), else 0. */
  ALTER1: number;
  /** 2026+: 0 = compulsorily insured in unemployment insurance (ALV), 1 = not. */
  ALV: number;
  /** The factor (three decimals) of the factor method; 1 by default. */
  f: PapAmount;
  /** Annual allowance (Jahresfreibetrag) for other payments, cents. */
  JFREIB: PapAmount;
  /** Annual addition (Jahreshinzurechnungsbetrag) for other payments, cents. */
  JHINZU: PapAmount;
  /** Expected annual regular wage without other payments (incl. earlier other payments), cents. */
  JRE4: PapAmount;
  /** Compensation (§ 24 Nr. 1 EStG) and taxable asset participations contained in JRE4, cents. */
  JRE4ENT: PapAmount;
  /** Pension payments (Versorgungsbezüge) contained in JRE4, cents. */
  JVBEZ: PapAmount;
  /** 0 = statutory/professional pension insurance (general BBG), 1 = not. */
  KRV: number;
  /** Health insurer's full additional contribution rate in percent, e.g. 2.5. */
  KVZ: PapAmount;
  /** Pay period: 1 = year, 2 = month, 3 = week, 4 = day. Required. */
  LZZ: number;
  /** ELStAM allowance for the pay period, cents. */
  LZZFREIB: PapAmount;
  /** ELStAM addition for the pay period, cents. */
  LZZHINZU: PapAmount;
  /** Non-taxable asset participation benefits (§ 19a Abs. 1 Satz 4 EStG), cents. */
  MBV: PapAmount;
  /** Private basic health and care insurance premium, monthly, cents. */
  PKPV: PapAmount;
  /** 2026+: employer subsidy to the private basic health and care premium, monthly, cents. */
  PKPVAGZ: PapAmount;
  /** 0 = statutory health insurance; 2025: 1 = private without / 2 = private with employer subsidy; 2026: 1 = private. */
  PKV: number;
  /** Number of care-insurance child reductions (0–4). */
  PVA: PapAmount;
  /** 1 if the Saxony care-insurance specifics apply. */
  PVS: number;
  /** 1 if the childless surcharge in care insurance is due. */
  PVZ: number;
  /** Religious denomination (0 = none; any value > 0 = member). */
  R: number;
  /** Taxable wage of the pay period (before allowances), cents. */
  RE4: PapAmount;
  /** Other payments (sonstige Bezüge) incl. taxable asset participations, death grants, capital payments, cents. */
  SONSTB: PapAmount;
  /** Compensation (§ 24 Nr. 1 EStG) and taxable asset participations contained in SONSTB, cents. */
  SONSTENT: PapAmount;
  /** Death grants and capital payments of pensions contained in SONSTB, cents. */
  STERBE: PapAmount;
  /** Tax class 1–6. Required. */
  STKL: number;
  /** Pension payments contained in RE4, cents. */
  VBEZ: PapAmount;
  /** Pension payment of January 2005 or of the first full month, cents. */
  VBEZM: PapAmount;
  /** Expected special pension payments in the year pensions started, cents. */
  VBEZS: PapAmount;
  /** Pension payments contained in SONSTB (incl. death grants), cents. */
  VBS: PapAmount;
  /** Year in which the pension was first granted. */
  VJAHR: number;
  /** Number of child allowances (one decimal, STKL I–IV only). */
  ZKF: PapAmount;
  /** Number of months for which pensions are paid (only needed for LZZ = 1). */
  ZMVB: number;
};

/**
 * Every output of the PAP by its BMF name, in cents (PAP "Ausgabeparameter", STANDARD and DBA).
 * VKVLZZ and VKVSONST exist only in editions up to 2025 and are absent from later results.
 */
export type PapOutput = {
  /** Church-tax base for the pay period. */
  BK: Decimal;
  /** Church-tax base of the other payments. */
  BKS: Decimal;
  /** Wage tax to withhold for the pay period. */
  LSTLZZ: Decimal;
  /** Solidarity surcharge to withhold for the pay period. */
  SOLZLZZ: Decimal;
  /** Solidarity surcharge on the other payments. */
  SOLZS: Decimal;
  /** Wage tax on the other payments. */
  STS: Decimal;
  /** DBA: allowance used for the current wage. */
  VFRB: Decimal;
  /** DBA: allowance used for the expected annual wage. */
  VFRBS1: Decimal;
  /** DBA: allowance used for the other payments. */
  VFRBS2: Decimal;
  /** DBA Türkei: taxable income above the basic allowance, current wage. */
  WVFRB: Decimal;
  /** DBA Türkei: taxable income above the basic allowance, expected annual wage. */
  WVFRBO: Decimal;
  /** DBA Türkei: taxable income above the basic allowance, other payments. */
  WVFRBM: Decimal;
  /** Up to 2025: private health/care contributions taken into account for the pay period. */
  VKVLZZ?: Decimal;
  /** Up to 2025: private health/care contributions taken into account for the other payments (may be negative). */
  VKVSONST?: Decimal;
};

/** Called once for each PAP step executed: flow = the edition's program ("Lohnsteuer2026"), node = the step ("MPARA"). */
export type PapTrace = (flow: string, node: string) => void;
