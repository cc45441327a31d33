/**
 * The address book (docs/contract.md §14): saved addresses, validated exactly as a create's address
 * (validate-shipment.ts), found by the words of their nickname, names, city and post code.
 */
import { FieldErrors, notFound, validationError } from './errors';
import type { AddressBookStore, NewSavedAddress, SavedAddressRecord } from './storage';
import { fold, joinedWords, words } from './search';
import type {
  Address,
  AddressKind,
  AddressListQuery,
  SavedAddress,
  SavedAddressInput,
  SavedAddressList,
} from './schemas';
import { ADDRESS_FIELDS } from './schemas';
import { validateAddress } from './validate-shipment';

/**
 * ` word word …`: each word preceded by a space, so that `LIKE '% wor%'` finds a word's start.
 * Words are folded as the shipments search folds them (core/search.ts): `oneill` finds O'Neill.
 * Migrations recompute it for the addresses saved before when this changes.
 */
export function savedAddressSearchText(nickname: string, a: Address): string {
  const texts = [
    nickname,
    a.fullName,
    a.businessName,
    a.city,
    a.postZipCode.replace(/\s+/g, ''),
    a.postZipCode,
    a.emailAddress,
  ];
  const all = texts.flatMap((text) => [...words(text), ...joinedWords(text)]);
  return ` ${[...new Set(all)].join(' ')}`;
}

export class AddressBookService {
  constructor(
    private readonly repo: AddressBookStore,
    private readonly now: () => number,
  ) {}

  async list(query: AddressListQuery): Promise<SavedAddressList> {
    const search = words(query.Search ?? '');
    const { total, rows } = await this.repo.list({
      words: search.slice(0, 6),
      kind: query.Kind ?? null,
      limit: query.ItemsPerPage ?? 100,
    });
    return { totalItems: total, items: rows.map(toSavedAddress) };
  }

  async create(input: SavedAddressInput): Promise<SavedAddress> {
    const record = this.validate(input);
    const id = await this.repo.insert(record);
    return toSavedAddress({ ...record, id });
  }

  /** Fields not given keep their value; the result is validated whole, as a create would. */
  async update(addressId: number, input: SavedAddressInput): Promise<SavedAddress> {
    const current = await this.find(addressId);
    const merged: SavedAddressInput = { ...current.address, nickname: current.nickname, kind: current.kind, ...input };
    const record = { ...this.validate(merged), id: current.id };
    if (!(await this.repo.update(record))) throw notFound(`Saved address ${addressId}`);
    return toSavedAddress(record);
  }

  async remove(addressId: number): Promise<{ success: boolean }> {
    const current = await this.find(addressId);
    if (!(await this.repo.remove(current.id))) throw notFound(`Saved address ${addressId}`);
    return { success: true };
  }

  /** A create's `saveDeliveryAddress`: the validated address, unless the book has it already. */
  async keep(kind: AddressKind, address: Address): Promise<void> {
    if (await this.repo.sameAs(kind, address)) return;
    await this.repo.insert(this.record(kind, '', address));
  }

  private async find(addressId: number): Promise<SavedAddressRecord> {
    const found = await this.repo.byId(addressId);
    if (!found) throw notFound(`Saved address ${addressId}`);
    return found;
  }

  private validate(input: SavedAddressInput): NewSavedAddress {
    // The same rules as a create's address; members named by the field alone, as this body is flat.
    const errors = new FieldErrors();
    const address = validateAddress(input, 'address', errors);
    if (!errors.empty) {
      throw validationError(
        Object.fromEntries(Object.entries(errors.fields).map(([k, v]) => [k.replace(/^address\./, ''), v])),
      );
    }
    return this.record(input.kind ?? 'delivery', (input.nickname ?? '').trim(), address);
  }

  private record(kind: AddressKind, nickname: string, address: Address): NewSavedAddress {
    return {
      kind,
      nickname,
      address,
      searchText: savedAddressSearchText(nickname, address),
      sortKey: fold(nickname || address.fullName || address.businessName),
      updatedOn: this.now(),
    };
  }
}

function toSavedAddress(r: SavedAddressRecord): SavedAddress {
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, r.address[f] ?? ''])) as Address;
  return { id: r.id, nickname: r.nickname, kind: r.kind, ...address, updatedOn: new Date(r.updatedOn).toISOString() };
}
