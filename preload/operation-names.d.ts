/**
 * The operation table's names (main/operations/spec.ts), written into the preload by the
 * build (electron.vite.config.ts) and by the test runner (vitest.config.ts): the one list,
 * without bundling the table's schemas.
 */
import type { OperationName } from '../main/operations/spec';

declare global {
  const __OPERATION_NAMES__: readonly OperationName[];
}
