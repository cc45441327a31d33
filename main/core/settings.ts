/** Station-wide settings: the sender address that prefills new shipments, the label size. */
import type { SettingsRepo } from '../store/settings-repo';
import { FieldErrors } from './errors';
import { canonicalPostCode } from './postcodes';
import { ADDRESS_FIELDS, type Address, type AddressInput, type LabelSize, type StationSettings } from './schemas';

const EMPTY_ADDRESS = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Address;

export class SettingsService {
  private cached: StationSettings | undefined;

  constructor(private readonly repo: SettingsRepo) {}

  get(): StationSettings {
    this.cached ??= {
      senderAddress: { ...EMPTY_ADDRESS, ...this.repo.get<Address>('senderAddress') },
      labelSize: this.repo.get<LabelSize>('labelSize') ?? '4x6',
    };
    return this.cached;
  }

  labelSize(): LabelSize {
    return this.get().labelSize;
  }

  /** The sender address may be partial (it only prefills the form); what is given must be sound. */
  update(input: { senderAddress?: AddressInput | undefined; labelSize?: LabelSize | undefined }): StationSettings {
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
      this.repo.set('senderAddress', address);
    }
    if (input.labelSize) this.repo.set('labelSize', input.labelSize);
    this.cached = undefined;
    return this.get();
  }
}
