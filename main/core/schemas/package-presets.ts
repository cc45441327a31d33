/** Package presets. */
import { Type, type Static } from 'typebox';
import { DIMENSION_UNITS, DateTime, WEIGHT_UNITS, str } from './common';

const presetFields = {
  name: Type.String({ minLength: 1, maxLength: 35 }),
  length: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
  width: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
  height: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
  dimensionUnit: Type.Enum(DIMENSION_UNITS),
  weight: Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }), Type.Null()]),
  weightUnit: Type.Enum(WEIGHT_UNITS),
  description: str(35),
};
export const PackagePresetInput = Type.Object(
  {
    name: presetFields.name,
    length: presetFields.length,
    width: presetFields.width,
    height: presetFields.height,
    dimensionUnit: Type.Optional(presetFields.dimensionUnit),
    weight: Type.Optional(presetFields.weight),
    weightUnit: Type.Optional(presetFields.weightUnit),
    description: Type.Optional(presetFields.description),
  },
  { additionalProperties: false },
);
export type PackagePresetInput = Static<typeof PackagePresetInput>;
export const UpdatePackagePresetRequest = Type.Partial(PackagePresetInput, { additionalProperties: false });
export type UpdatePackagePresetRequest = Static<typeof UpdatePackagePresetRequest>;
export const PackagePreset = Type.Object({
  id: Type.Integer(),
  ...presetFields,
  description: Type.String(),
  updatedOn: DateTime,
});
export type PackagePreset = Static<typeof PackagePreset>;
export const PackagePresetList = Type.Object({ items: Type.Array(PackagePreset) });
export type PackagePresetList = Static<typeof PackagePresetList>;
export const PresetIdParams = Type.Object({ presetId: Type.String({ maxLength: 20 }) });
