/** Every table whose columns are said in a map, for what runs over all of them (migrate's copy, the schema test). */
import type { Table } from '../columns';
import { carrierFeatures, carrierServices, carriers } from './carriers';

export const MAPPED_TABLES: readonly Table[] = [carriers, carrierServices, carrierFeatures];
