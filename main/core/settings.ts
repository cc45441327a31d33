/** Station-wide settings: the sender address that prefills new shipments, the label size. */
import { FieldErrors } from './errors';
import { canonicalPostCode } from './postcodes';
import { ADDRESS_FIELDS, type Address, type AddressInput, type LabelSize, type StationSettings } from './schemas';
import type { SettingsStore } from './storage';

const EMPTY_ADDRESS = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Address;

/**
 * Read at most once a second: a setting changed on another desk of the same database is in
 * force here within a second, and a create does not pay a query for its label size.
 */
const CACHE_MS = 1000;

export class SettingsService {
  private cached: { settings: Promise<StationSettings>; at: number } | undefined;

  constructor(private readonly repo: SettingsStore) {}

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
    const [senderAddress, labelSize] = await Promise.all([
      this.repo.get<Address>('senderAddress'),
      this.repo.get<LabelSize>('labelSize'),
    ]);
    return { senderAddress: { ...EMPTY_ADDRESS, ...senderAddress }, labelSize: labelSize ?? '4x6' };
  }

  async labelSize(): Promise<LabelSize> {
    return (await this.get()).labelSize;
  }

  /** The sender address may be partial (it only prefills the form); what is given must be sound. */
  async update(input: { senderAddress?: AddressInput | undefined; labelSize?: LabelSize | undefined }): Promise<StationSettings> {
    const errors = new FieldErrors();
    if (input.senderAddress) {
      const address = Object.fromEntries(
        ADDRESS_FIELDS.map((f) => [f, (input.senderAddress![f] ?? '').trim()]),
      ) as Address;
      address.countryTwoCharacterISOCode = address.countryTwoCharacterISOCode.toUpperCase();
      if (address.countryTwoCharacterISOCode && !/^[A-Z]{2}$/.test(address.countryTwoCharacterISOCode)) {
        errors.add('senderAddress.countryTwoCharacterISOCode', 'must be a two-letter country code');
      } else if (address.countryTwoCharacterISOCode && address.postZipCode) {
        const canonical = canonicalPostCode(address.countryTwoCharacterISOCode, address.postZipCode);
        if (canonical === null) {
          errors.add('senderAddress.postZipCode', `${address.postZipCode} is not a valid ${address.countryTwoCharacterISOCode} post code`);
        } else address.postZipCode = canonical;
      }
      errors.throwIfAny();
      await this.repo.set('senderAddress', address);
    }
    if (input.labelSize) await this.repo.set('labelSize', input.labelSize);
    this.cached = undefined;
    return this.get();
  }
}
