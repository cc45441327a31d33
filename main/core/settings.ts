/**
 * Station-wide settings: the sender address that prefills new shipments, the label size,
 * how long the audit trail keeps, and the desk's daily backup.
 */
import { isAbsolute } from 'node:path';
import { FieldErrors } from './errors';
import { DEFAULT_AUDIT_DAYS } from './audit';
import { DEFAULT_DAILY_BACKUP, type DailyBackupChoice, type DailyBackupStatus } from './daily-backup';
import { isCurrency } from './money';
import { senderNumbers } from './customs-numbers';
import {
  ADDRESS_FIELDS,
  emptyAddress,
  type Address,
  type LabelSize,
  type SenderAddress,
  type SenderAddressInput,
  type StationSettings,
} from './schemas';
import type { SettingsStore } from './storage';
import { validateAddress } from './validate-shipment';

const EMPTY_SENDER: SenderAddress = { ...emptyAddress(), eoriNumber: '', vatNumber: '', iossNumber: '' };

/** A sender address is set once anything but its country is filled (an unset one is all empty). */
export const isSenderSet = (sender: Address): boolean =>
  ADDRESS_FIELDS.some((f) => f !== 'countryTwoCharacterISOCode' && sender[f] !== '');

/**
 * A body with no `collectionAddress` takes the station's sender address (Settings): creates,
 * imported rows and orders are sent from the station unless they say otherwise. With no
 * sender set the body is left as it is, so its validation names `collectionAddress`.
 */
export function withSenderAddress<T>(body: T, sender: Address): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  if ((body as { collectionAddress?: unknown }).collectionAddress !== undefined || !isSenderSet(sender)) return body;
  const address = Object.fromEntries(Object.entries(sender).filter(([, value]) => value !== ''));
  return { ...body, collectionAddress: address };
}

/** A CN22's ceiling per currency (docs/contract.md §17): about the UPU's 300 SDR. */
export const DEFAULT_CN22_MAX_VALUE: Readonly<Record<string, number>> = { GBP: 270, EUR: 300, USD: 350 };

/**
 * Read at most once a second: a setting changed on another desk of the same database is in
 * force here within a second, and a create does not pay a query for its label size.
 */
const CACHE_MS = 1000;

const NO_BACKUPS: DailyBackupStatus = { available: false, lastBackupOn: null, lastBackupFile: null, problem: null };

export class SettingsService {
  private cached: { settings: Promise<StationSettings>; at: number } | undefined;
  private backupStatus: () => DailyBackupStatus = () => NO_BACKUPS;

  constructor(private readonly repo: SettingsStore) {}

  /** Where the daily backup's status comes from (the station's DailyBackups). */
  reportBackups(status: () => DailyBackupStatus): void {
    this.backupStatus = status;
    this.forget();
  }

  /** The next read goes to the store. */
  forget(): void {
    this.cached = undefined;
  }

  async dailyBackup(): Promise<DailyBackupChoice> {
    const { enabled, folder, keep } = (await this.get()).dailyBackup;
    return { enabled, folder, keep };
  }

  get(): Promise<StationSettings> {
    // Wall-clock time, not the station's clock: tests move that one by days.
    const at = performance.now();
    if (!this.cached || at - this.cached.at >= CACHE_MS) {
      const settings = this.read();
      this.cached = { settings, at };
      // A failed read is not kept: the next call tries again.
      settings.catch(() => {
        if (this.cached?.settings === settings) this.cached = undefined;
      });
    }
    return this.cached.settings;
  }

  private async read(): Promise<StationSettings> {
    const [senderAddress, labelSize, cn22MaxValue, auditDays, dailyBackup] = await Promise.all([
      this.repo.get<SenderAddress>('senderAddress'),
      this.repo.get<LabelSize>('labelSize'),
      this.repo.get<Record<string, number>>('cn22MaxValue'),
      this.repo.get<number>('auditDays'),
      this.repo.get<DailyBackupChoice>('dailyBackup'),
    ]);
    return {
      senderAddress: { ...EMPTY_SENDER, ...senderAddress },
      labelSize: labelSize ?? '4x6',
      cn22MaxValue: cn22MaxValue ?? { ...DEFAULT_CN22_MAX_VALUE },
      auditDays: auditDays ?? DEFAULT_AUDIT_DAYS,
      dailyBackup: { ...DEFAULT_DAILY_BACKUP, ...dailyBackup, ...this.backupStatus() },
    };
  }

  async cn22MaxValue(): Promise<Record<string, number>> {
    return (await this.get()).cn22MaxValue;
  }

  async labelSize(): Promise<LabelSize> {
    return (await this.get()).labelSize;
  }

  /** The sender address is a whole, valid address (as a create's) or empty. */
  async update(input: {
    senderAddress?: SenderAddressInput | undefined;
    labelSize?: LabelSize | undefined;
    cn22MaxValue?: Record<string, number> | undefined;
    auditDays?: number | undefined;
    dailyBackup?: Partial<DailyBackupChoice> | undefined;
  }): Promise<StationSettings> {
    const errors = new FieldErrors();
    const address = input.senderAddress ? checkSenderAddress(input.senderAddress, errors) : undefined;
    if (input.cn22MaxValue) checkCn22MaxValue(input.cn22MaxValue, errors);
    const backup = input.dailyBackup ? { ...(await this.dailyBackup()), ...input.dailyBackup } : undefined;
    if (input.dailyBackup) checkDailyBackup(input.dailyBackup, backup!, this.backupStatus().available, errors);
    errors.throwIfAny();
    if (backup) await this.repo.set('dailyBackup', { ...backup, folder: backup.folder.trim() });
    if (address) await this.repo.set('senderAddress', address);
    if (input.labelSize) await this.repo.set('labelSize', input.labelSize);
    // The whole table is replaced: a currency left out has no CN22 any more.
    if (input.cn22MaxValue) await this.repo.set('cn22MaxValue', input.cn22MaxValue);
    if (input.auditDays !== undefined) await this.repo.set('auditDays', input.auditDays);
    this.cached = undefined;
    return this.get();
  }

  /** The rules of an update body the schema refused in part (docs/contract.md §11). */
  ruleErrors(body: unknown): Record<string, string> {
    const errors = new FieldErrors();
    const sender = (body as { senderAddress?: unknown }).senderAddress;
    if (typeof sender === 'object' && sender !== null)
      checkSenderAddress(sender as Partial<SenderAddressInput>, errors);
    const limits = (body as { cn22MaxValue?: unknown }).cn22MaxValue;
    if (typeof limits === 'object' && limits !== null) checkCn22MaxValue(limits as Record<string, unknown>, errors);
    const backup = (body as { dailyBackup?: unknown }).dailyBackup;
    if (typeof backup === 'object' && backup !== null) {
      const given = backup as Partial<DailyBackupChoice>;
      if (typeof given.folder === 'string' && given.folder.trim() !== '' && !isAbsolute(given.folder.trim()))
        errors.add('dailyBackup.folder', FOLDER_RULE);
    }
    return { ...errors.fields };
  }
}

const FOLDER_RULE = 'Backup folder must be a full path, e.g. C:\\Backups\\Shipping or /home/desk/backups';

/** A backup the station can make: on its own SQLite file only, into a folder named in full. */
function checkDailyBackup(
  given: Partial<DailyBackupChoice>,
  next: DailyBackupChoice,
  available: boolean,
  errors: FieldErrors,
): void {
  if (given.enabled && !available) {
    errors.add(
      'dailyBackup.enabled',
      'This station runs on a shared PostgreSQL database: back it up with pg_dump (see README), not from a desk',
    );
    return;
  }
  const folder = next.folder.trim();
  if (folder !== '' && !isAbsolute(folder)) errors.add('dailyBackup.folder', FOLDER_RULE);
  else if (next.enabled && folder === '') errors.add('dailyBackup.folder', 'Choose the folder the daily backups go to');
}

function checkCn22MaxValue(limits: Record<string, unknown>, errors: FieldErrors): void {
  for (const [code, value] of Object.entries(limits)) {
    if (/^[A-Z]{3}$/.test(code) && !isCurrency(code))
      errors.add(`cn22MaxValue.${code}`, `${code} is not a currency code (three letters, e.g. GBP or EUR)`);
    else if (typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
      errors.add(`cn22MaxValue.${code}`, 'CN22 limit must have at most 2 decimals');
    }
  }
}

/**
 * The sender prefills every create, so it is checked exactly as a create's collection address,
 * its customs numbers too; an address with every field but the country empty clears it.
 */
function checkSenderAddress(input: Partial<SenderAddressInput>, errors: FieldErrors): SenderAddress {
  // A country alone is no address (the desk's form always has one chosen).
  const blank = ADDRESS_FIELDS.every(
    (f) => f === 'countryTwoCharacterISOCode' || typeof input[f] !== 'string' || input[f].trim() === '',
  );
  if (blank) return { ...EMPTY_SENDER };
  const address = validateAddress(input, 'senderAddress', errors);
  const numbers = senderNumbers(input, 'senderAddress', errors);
  return { ...address, eoriNumber: numbers.senderEori, vatNumber: numbers.senderVat, iossNumber: numbers.senderIoss };
}
