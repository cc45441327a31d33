/** The address book and the package presets. */
import type { AddressKind, DimensionUnit, WeightUnit } from '../../../core/schemas';
import { address, bigint, real, table, text } from '../columns';

export const savedAddresses = table(
  'saved_addresses',
  {
    id: bigint('id'),
    kind: text<AddressKind>('kind'),
    nickname: text('nickname'),
    address: address('address'),
    searchText: text('search_text'),
    sortKey: text('sort_key'),
    updatedOn: bigint('updated_on'),
  },
  { identity: true },
);

export const packagePresets = table(
  'package_presets',
  {
    id: bigint('id'),
    name: text('name'),
    length: real('length'),
    width: real('width'),
    height: real('height'),
    dimensionUnit: text<DimensionUnit>('dimension_unit'),
    weight: real.orNull('weight'),
    weightUnit: text<WeightUnit>('weight_unit'),
    description: text('description'),
    updatedOn: bigint('updated_on'),
  },
  { identity: true },
);
