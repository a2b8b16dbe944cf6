/**
 * The GovTalk envelope around an RTI body (GovTalk Envelope 2.0-HMRC, envelope-v2-0-HMRC.xsd; HMRC's RTI sample
 * messages): EnvelopeVersion 2.0; MessageDetails Class HMRC-PAYE-RTI-FPS or -EPS, Qualifier request, Function
 * submit, an empty CorrelationID, Transformation XML and, for a Test-in-Live message, GatewayTest 1; GovTalkDetails
 * Keys TaxOfficeNumber and TaxOfficeReference (the same keys as the IRheader's, RTI rule r1004), TargetDetails IR,
 * ChannelRouting with the product. The sender's credentials (SenderDetails) are left to the client that sends the
 * message to the Transaction Engine: they sit outside the Body, so adding them keeps the IRmark.
 */
import { el, type XmlElement } from './xml.js';

export interface Channel {
  /** HMRC's vendor ID (URI), when the product has one; otherwise the product's name goes in Channel/Name. */
  readonly vendorId: string | null;
  readonly product: string;
  readonly version: string;
}

export interface EnvelopeInput {
  readonly messageClass: 'HMRC-PAYE-RTI-FPS' | 'HMRC-PAYE-RTI-EPS';
  readonly officeNumber: string;
  readonly officeReference: string;
  readonly gatewayTest: boolean;
  readonly channel: Channel;
  readonly irEnvelope: XmlElement;
}

export const GOVTALK_ENVELOPE_NAMESPACE = 'http://www.govtalk.gov.uk/CM/envelope';

export function keys(officeNumber: string, officeReference: string): XmlElement {
  return el('Keys', [el('Key', { Type: 'TaxOfficeNumber' }, officeNumber), el('Key', { Type: 'TaxOfficeReference' }, officeReference)]);
}

export function govTalkMessage(input: EnvelopeInput): XmlElement {
  const channel = input.channel;
  return el('GovTalkMessage', { xmlns: GOVTALK_ENVELOPE_NAMESPACE }, [
    el('EnvelopeVersion', '2.0'),
    el('Header', [
      el('MessageDetails', [
        el('Class', input.messageClass),
        el('Qualifier', 'request'),
        el('Function', 'submit'),
        el('CorrelationID', ''),
        el('Transformation', 'XML'),
        input.gatewayTest ? el('GatewayTest', '1') : null,
      ]),
    ]),
    el('GovTalkDetails', [
      keys(input.officeNumber, input.officeReference),
      el('TargetDetails', [el('Organisation', 'IR')]),
      el('ChannelRouting', [el('Channel', [channel.vendorId ? el('URI', channel.vendorId) : el('Name', channel.product), el('Product', channel.product), el('Version', channel.version)])]),
    ]),
    el('Body', [input.irEnvelope]),
  ]);
}
