/**
 * A list screen's table of records (saved addresses, presets, API keys, webhooks): the
 * load's error, a line when there are none, or the rows under their headings. The last
 * heading is always the rows' actions, named for screen readers only.
 */
import type { ReactNode } from 'react';
import type { Loaded } from '../hooks/use-load';
import { ErrorNotice } from './Notice';

export function RecordTable<T extends { id: number }>({
  list,
  empty,
  caption,
  headings,
  row,
}: {
  list: Loaded<{ items: T[] }>;
  /** What the screen shows when there are no records. */
  empty: ReactNode;
  caption?: string;
  headings: string[];
  /** The cells of one record (at `index` of the list), its actions last. */
  row: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      {list.data && list.data.items.length === 0 ? empty : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            {caption ? <caption className="visually-hidden">{caption}</caption> : null}
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th scope="col" key={heading}>
                    {heading}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item, index) => (
                // The id is where useRecordEditor lands focus after a save or a delete.
                <tr key={item.id} data-record-id={item.id}>
                  {row(item, index)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
