/**
 * What an order's page and Settings → Rules name ids with: carriers, every carrier's services,
 * the package presets and the desk's printers. Loaded once and kept for a minute, so a
 * morning of scans does not ask for them again at every order.
 */
import type { OutputOf } from '../../../main/operations/spec';
import { api } from '../api';

export type Carrier = OutputOf<'listCarriers'>['items'][number];
export type Service = OutputOf<'listCarrierServices'>['items'][number] & { carrierId: number };
export type Preset = OutputOf<'listPackagePresets'>['items'][number];

export interface Catalog {
  carriers: Carrier[];
  services: Service[];
  presets: Preset[];
  /** The desk's label printer's name, or null when labels print through the window. */
  labelPrinter: string | null;
  /** The desk's printers and packing-slip choice; null when the station has none to offer. */
  printers: OutputOf<'listPrinters'> | null;
}

const KEEP_MS = 60_000;
let kept: { at: number; catalog: Promise<Catalog> } | null = null;

async function load(): Promise<Catalog> {
  const [carriers, presets, printers] = await Promise.all([
    api.listCarriers(),
    api.listPackagePresets(),
    api.listPrinters().catch(() => null),
  ]);
  const services = await Promise.all(
    carriers.items.map(async (c) =>
      (await api.listCarrierServices({ params: { carrierId: String(c.id) } })).items.map((s) => ({
        ...s,
        carrierId: c.id,
      })),
    ),
  );
  const chosen = printers?.labelPrinter.printerId ?? null;
  return {
    carriers: carriers.items,
    services: services.flat(),
    presets: presets.items,
    labelPrinter: chosen ? (printers!.items.find((p) => p.id === chosen)?.name ?? chosen) : null,
    printers,
  };
}

/** The catalog, from the last minute's load when there is one. */
export function loadCatalog({ fresh = false } = {}): Promise<Catalog> {
  if (fresh || !kept || Date.now() - kept.at > KEEP_MS) {
    const catalog = load();
    kept = { at: Date.now(), catalog };
    catalog.catch(() => (kept = null));
  }
  return kept.catalog;
}

/** Forgets the kept catalog: a desk setting changed, and the next order must see it. */
export function forgetCatalog(): void {
  kept = null;
}

/** "Royal Mail · Tracked 48", or the ids when the catalog no longer has them. */
export function serviceWords(catalog: Catalog, carrierId: number, serviceId: number): string {
  const carrier = catalog.carriers.find((c) => c.id === carrierId)?.name ?? `carrier ${carrierId}`;
  const service = catalog.services.find((s) => s.id === serviceId)?.name ?? `service ${serviceId}`;
  return `${carrier} · ${service}`;
}

export const presetWords = (catalog: Catalog, presetId: number | undefined): string | null =>
  presetId === undefined ? null : (catalog.presets.find((p) => p.id === presetId)?.name ?? `preset ${presetId}`);
