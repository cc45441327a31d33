/** Every schema, by domain: one file per domain of the operation table (`main/operations/spec/`). */
export * from './common';
export * from './shipments';
export * from './carriers';
export * from './auth';
export * from './users';
export * from './station';
export * from './manifests';
export * from './imports';
export * from './webhooks';
export * from './printers';
export * from './address-book';
export * from './package-presets';
export * from './audit';
export * from './scale';
export * from './orders';
export * from './watch-folder';
