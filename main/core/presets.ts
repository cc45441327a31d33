/** Package presets (docs/contract.md §14): boxes the desk ships often, to fill a piece in one keystroke. */
import { notFound } from './errors';
import type { PackagePreset, PackagePresetInput, PackagePresetList, UpdatePackagePresetRequest } from './schemas';
import type { PackagePresetRecord, PresetStore } from './storage';

export class PresetService {
  constructor(
    private readonly repo: PresetStore,
    private readonly now: () => number,
  ) {}

  async list(): Promise<PackagePresetList> {
    return { items: (await this.repo.list()).map(toPreset) };
  }

  async create(input: PackagePresetInput): Promise<PackagePreset> {
    const record = this.record(input);
    return toPreset({ ...record, id: await this.repo.insert(record) });
  }

  /** Fields not given keep their value. */
  async update(presetId: number, input: UpdatePackagePresetRequest): Promise<PackagePreset> {
    const current = await this.find(presetId);
    const record = { ...this.record({ ...current, ...input }), id: current.id };
    if (!(await this.repo.update(record))) throw notFound(`Package preset ${presetId}`);
    return toPreset(record);
  }

  async remove(presetId: number): Promise<{ success: boolean }> {
    const current = await this.find(presetId);
    if (!(await this.repo.remove(current.id))) throw notFound(`Package preset ${presetId}`);
    return { success: true };
  }

  private async find(presetId: number): Promise<PackagePresetRecord> {
    const found = await this.repo.byId(presetId);
    if (!found) throw notFound(`Package preset ${presetId}`);
    return found;
  }

  private record(input: PackagePresetInput): Omit<PackagePresetRecord, 'id'> {
    return {
      name: input.name.trim(),
      length: input.length,
      width: input.width,
      height: input.height,
      dimensionUnit: input.dimensionUnit ?? 'CM',
      weight: input.weight ?? null,
      weightUnit: input.weightUnit ?? 'KG',
      description: (input.description ?? '').trim(),
      updatedOn: this.now(),
    };
  }
}

const toPreset = (r: PackagePresetRecord): PackagePreset => ({ ...r, updatedOn: new Date(r.updatedOn).toISOString() });
