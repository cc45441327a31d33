/** Station settings and the sliding-window limits' hits. */
import { bigint, json, table, text } from '../columns';

/** One JSON value per name. */
export const settings = table('settings', {
  name: text('name'),
  value: json('value'),
});

export const limitHits = table('limit_hits', {
  key: text('key'),
  at: bigint('at'),
});
