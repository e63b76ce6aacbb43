/**
 * The central registry (中登, 动产融资统一登记公示系统) as this server sees it: one small interface.
 * The registry is outside the platform; what ships is a stand-in (./stand-in.ts) that answers the way
 * the real one does — a number and a certificate, or a refusal with its reason — so the screens and
 * the rules around it are the ones a connection to the real registry would use.
 */
export interface RegistryParty {
  id: string;
  name: string;
}

export interface RegistryFiling {
  registrationType: 'TRANSFER' | 'PLEDGE';
  transferor: RegistryParty;
  transferee: RegistryParty;
  /** What the registration covers, as the registry reads it (note numbers, a package number). */
  subject: { kind: 'NOTES' | 'PACKAGE'; packageNo?: string; noteNos: readonly string[] };
  amount: string;
  periodYears: number;
  startDate: string;
  expireDate: string;
  description: string;
}

/** What the registry knows of a registration it holds. */
export interface RegistryRecord extends RegistryFiling {
  registrationNo: string;
  status: 'REGISTERED' | 'CANCELLED';
}

export type RegistryAct = 'REGISTER' | 'AMEND' | 'EXTEND' | 'CANCEL';

export type RegistryAnswer =
  { accepted: true; registrationNo: string; receiptNo: string; answeredAt: string; certificate: Buffer } | { accepted: false; reason: string };

export interface CentralRegistry {
  /** An initial registration: the registry gives its number. */
  register(filing: RegistryFiling): Promise<RegistryAnswer>;
  /** A change of the registered particulars (parties, amount, description). */
  amend(current: RegistryRecord, changed: RegistryFiling): Promise<RegistryAnswer>;
  /** A longer period; the total may not pass 30 years. */
  extend(current: RegistryRecord, periodYears: number, expireDate: string): Promise<RegistryAnswer>;
  cancel(current: RegistryRecord, reason: string): Promise<RegistryAnswer>;
}

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { cjkFont } from './certificate';
export { standInRegistry } from './stand-in';
