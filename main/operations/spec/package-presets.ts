/** Package presets (dimensions and weight the form fills in): rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const packagePresetOperations = operationRows({
  listPackagePresets: {
    method: 'GET',
    path: '/package-presets',
    tag: 'Package presets',
    access: 'user',
    summary: 'The package presets, by name',
    response: S.PackagePresetList,
  },
  createPackagePreset: {
    method: 'POST',
    path: '/package-presets',
    tag: 'Package presets',
    access: 'user',
    summary: 'Add a package preset: dimensions with unit, optional weight, optional description',
    ...jsonBody(S.PackagePresetInput),
    response: S.PackagePreset,
  },
  updatePackagePreset: {
    method: 'PATCH',
    path: '/package-presets/{presetId}',
    tag: 'Package presets',
    access: 'user',
    summary: 'Change a package preset; fields not given keep their value',
    params: S.PresetIdParams,
    ...jsonBody(S.UpdatePackagePresetRequest),
    response: S.PackagePreset,
  },
  deletePackagePreset: {
    method: 'DELETE',
    path: '/package-presets/{presetId}',
    tag: 'Package presets',
    access: 'user',
    summary: 'Delete a package preset',
    params: S.PresetIdParams,
    response: S.SuccessResponse,
  },
});
