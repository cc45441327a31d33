/** The address book. */
import { Type, type Static } from 'typebox';
import { Address, AddressInput, DateTime, str } from './common';

export const ADDRESS_KINDS = ['delivery', 'collection'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
const savedAddressExtras = {
  nickname: Type.Optional(str(35)),
  kind: Type.Optional(Type.Enum(ADDRESS_KINDS)),
};
export const SavedAddressInput = Type.Object(
  { ...AddressInput.properties, ...savedAddressExtras },
  { additionalProperties: false },
);
export type SavedAddressInput = Static<typeof SavedAddressInput>;
export const SavedAddress = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  kind: Type.Enum(ADDRESS_KINDS),
  ...Address.properties,
  updatedOn: DateTime,
});
export type SavedAddress = Static<typeof SavedAddress>;
export const SavedAddressList = Type.Object({ totalItems: Type.Integer(), items: Type.Array(SavedAddress) });
export type SavedAddressList = Static<typeof SavedAddressList>;
export const AddressListQuery = Type.Object(
  {
    Search: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Words starting a word of the nickname, names, city or post code; case and accents ignored.',
      }),
    ),
    Kind: Type.Optional(Type.Enum(ADDRESS_KINDS)),
    ItemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type AddressListQuery = Static<typeof AddressListQuery>;
export const AddressIdParams = Type.Object({ addressId: Type.String({ maxLength: 20 }) });
