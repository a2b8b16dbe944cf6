/**
 * SEPA credit transfer initiation pain.001.001.09 in the German banks' variant (DFÜ-Abkommen Anlage 3, Version 3.7,
 * schema pain.001.001.09_GBIC_4.xsd, bundled under fixtures/reference/payments/sepa): one payment information block
 * (batch booking, service level SEPA, category purpose SALA) with one CdtTrfTxInf per employee (purpose SALA).
 * Control sums are added up in Decimal and written with two decimals; the group header's equals the block's.
 */
import { Decimal } from '../../domain/money.js';
import { plainLetter } from '../text/latin.js';
import type { SepaBatch } from './sepa-view.js';

/**
 * Text in the character set German banks accept in SEPA files (Anlage 3: the EPC basic Latin set plus Ä Ö Ü ä ö ü
 * ß & * $ %): other accented letters lose their accents, anything else becomes a space; XML-escaped.
 */
export function sepaText(value: string, max: number): string {
  let out = '';
  for (const ch of value) {
    if (/[A-Za-z0-9/?:().,'+ \-ÄÖÜäöüß&*$%]/.test(ch)) out += ch;
    else {
      const plain = plainLetter(ch);
      out += /^[A-Za-z]*$/.test(plain) ? plain : ' ';
    }
  }
  return escapeXml(out.replace(/ {2,}/g, ' ').trim().slice(0, max));
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Identifiers (MsgId, PmtInfId, EndToEndId): the DK pattern's characters only, at most 35. */
export function sepaId(value: string): string {
  const id = value.replace(/[^A-Za-z0-9+?/\-:().,' ]/g, '').slice(0, 35);
  if (id.length === 0) throw new Error(`"${value}" leaves no characters for a SEPA identifier`);
  return id;
}

function euros(amount: string): string {
  const d = new Decimal(amount);
  if (!d.times(100).isInteger() || d.lt('0.01') || d.gt('999999999.99')) throw new Error(`a SEPA amount must be 0.01 to 999999999.99 to the cent, not ${amount}`);
  return d.toFixed(2);
}

function agent(bic: string | null, indent: string): string {
  // Without a BIC the DK variant takes NOTPROVIDED (IBAN-only, SEPA Regulation 260/2012 Art. 5(7)).
  return bic ? `${indent}<FinInstnId><BICFI>${bic}</BICFI></FinInstnId>` : `${indent}<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>`;
}

export function encodeSepaPain001(b: SepaBatch): string {
  if (b.credits.length === 0) throw new Error('a SEPA file needs at least one payment');
  let sum = new Decimal(0);
  const transactions = b.credits.map((c) => {
    const amount = euros(c.amount);
    sum = sum.plus(amount);
    return [
      '      <CdtTrfTxInf>',
      `        <PmtId><EndToEndId>${sepaId(c.endToEndId)}</EndToEndId></PmtId>`,
      `        <Amt><InstdAmt Ccy="EUR">${amount}</InstdAmt></Amt>`,
      ...(c.bic ? ['        <CdtrAgt>', agent(c.bic, '          '), '        </CdtrAgt>'] : []),
      `        <Cdtr><Nm>${sepaText(c.name, 70)}</Nm></Cdtr>`,
      `        <CdtrAcct><Id><IBAN>${c.iban}</IBAN></Id></CdtrAcct>`,
      '        <Purp><Cd>SALA</Cd></Purp>',
      `        <RmtInf><Ustrd>${sepaText(c.remittance, 140)}</Ustrd></RmtInf>`,
      '      </CdtTrfTxInf>',
    ].join('\n');
  });
  const count = String(b.credits.length);
  const total = sum.toFixed(2);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09 pain.001.001.09.xsd">',
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${sepaId(b.messageId)}</MsgId>`,
    `      <CreDtTm>${b.createdAt.replace(/\.\d+Z$/, 'Z')}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    `      <InitgPty><Nm>${sepaText(b.initiatingParty, 70)}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${sepaId(b.paymentInformationId)}</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    '      <BtchBookg>true</BtchBookg>',
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    '      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><CtgyPurp><Cd>SALA</Cd></CtgyPurp></PmtTpInf>',
    `      <ReqdExctnDt><Dt>${b.executionDate}</Dt></ReqdExctnDt>`,
    `      <Dbtr><Nm>${sepaText(b.debtor.name, 70)}</Nm></Dbtr>`,
    `      <DbtrAcct><Id><IBAN>${b.debtor.iban}</IBAN></Id></DbtrAcct>`,
    '      <DbtrAgt>',
    agent(b.debtor.bic, '        '),
    '      </DbtrAgt>',
    '      <ChrgBr>SLEV</ChrgBr>',
    ...transactions,
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}
