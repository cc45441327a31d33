/**
 * Settings → This desk → Watched folder (docs/contract.md §19): the folder this desk takes
 * order files from, what it does with them, and what became of the files of the last days.
 */
import { Fragment, useState, type FormEvent } from 'react';
import type { FolderActivity, FolderFile, WatchFolderSettings } from '../../../main/core/schemas';
import { api } from '../api';
import { SelectField, TextField } from '../components/Field';
import { FormOutcome } from '../components/FormOutcome';
import { ErrorNotice } from '../components/Notice';
import { useFormAction } from '../hooks/use-form-action';
import { useLoad } from '../hooks/use-load';
import { formatDateTime, formatNumber } from '../lib/format';
import { rememberedColumns } from '../lib/import-file';

const FIELDS = ['path', 'action', 'enabled'];

export function WatchFolderField() {
  const settings = useLoad('watch-folder', () => api.getWatchFolder());
  const activity = useLoad('watch-folder-activity', () => api.listFolderActivity());
  return (
    <div className="stack" role="group" aria-labelledby="watch-folder-heading">
      <h3 id="watch-folder-heading">Watched folder</h3>
      <p className="field-hint">
        A warehouse system that can only write files drops CSV or JSON orders here. Each is moved to processing/, then
        to done/ or failed/ beside its result. Columns mapped once on the Import screen are used here too.
      </p>
      {settings.error ? <ErrorNotice error={settings.error} /> : null}
      {settings.data ? <WatchFolderForm initial={settings.data} onSaved={activity.reload} /> : null}
      {activity.error ? <ErrorNotice error={activity.error} /> : null}
      {activity.data ? <ActivityTable activity={activity.data} onRefresh={activity.reload} /> : null}
    </div>
  );
}

function WatchFolderForm({ initial, onSaved }: { initial: WatchFolderSettings; onSaved: () => void }) {
  const [draft, setDraft] = useState(initial);
  const { busy, message, byField, notice, run } = useFormAction(FIELDS);
  const set = (change: Partial<WatchFolderSettings>) => setDraft((d) => ({ ...d, ...change }));

  const save = async () => {
    // The columns mapped once on the Import screen serve the folder's files too.
    const columns = { ...draft.columns, ...rememberedColumns() };
    const kept = await api.setWatchFolder({
      body: { ...draft, ...(Object.keys(columns).length > 0 ? { columns } : {}) },
    });
    setDraft(kept);
    onSaved();
    return kept.path === null
      ? 'No folder is watched.'
      : kept.enabled
        ? `Watching ${kept.path}: ${kept.action === 'ship' ? 'orders are added, shipped and printed' : 'orders are added'}.`
        : `${kept.path} is kept but not watched.`;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(save);
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Watched folder">
      <TextField
        path="path"
        idScope="watch-folder"
        label="Folder"
        hint="As this computer names it: D:\Orders, \\server\share\orders or /srv/orders. Empty: none."
        autoComplete="off"
        spellCheck={false}
        value={draft.path ?? ''}
        onValue={(v) => set({ path: v.trim() === '' ? null : v })}
        error={byField.path}
      />
      <SelectField
        path="action"
        idScope="watch-folder"
        label="With each order"
        value={draft.action}
        onValue={(v) => set({ action: v as WatchFolderSettings['action'] })}
        error={byField.action}
      >
        <option value="orders">Add it to Orders</option>
        <option value="ship">Add it, ship it and print its label</option>
      </SelectField>
      <label className="check-row">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        <span>
          Watch this folder <span className="muted">— looked at every second while the station runs</span>
        </span>
      </label>
      <div className="button-group">
        <button type="submit" className="button button-primary" disabled={busy}>
          Save folder
        </button>
      </div>
      <FormOutcome notice={notice} message={message} />
    </form>
  );
}

/** `120: 117 created, 1 refused, 2 skipped`, the counts that are not naught. */
function rowCounts(f: FolderFile): string {
  const counts = (['created', 'shipped', 'refused', 'skipped'] as const)
    .filter((status) => f[status] > 0)
    .map((status) => `${formatNumber(f[status])} ${status}`);
  return counts.length === 0 ? formatNumber(f.rows) : `${formatNumber(f.rows)}: ${counts.join(', ')}`;
}

function ActivityTable({ activity, onRefresh }: { activity: FolderActivity; onRefresh: () => void }) {
  return (
    <div className="stack">
      <div className="button-group">
        <span className="field-label">Files of the last 7 days</span>
        <button type="button" className="button" onClick={onRefresh}>
          Refresh
        </button>
      </div>
      {activity.items.length === 0 ? (
        <p className="muted">No file yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="folder-activity">
            <caption className="visually-hidden">Files the watched folder took</caption>
            <thead>
              <tr>
                <th scope="col">Taken</th>
                <th scope="col">File</th>
                <th scope="col">Result</th>
                <th scope="col">Rows</th>
              </tr>
            </thead>
            <tbody>
              {activity.items.map((f) => (
                <Fragment key={`${f.takenOn}-${f.file}`}>
                  <tr data-status={f.status}>
                    <td className="nowrap">{formatDateTime(f.takenOn)}</td>
                    <td>{f.file}</td>
                    <td className="nowrap">
                      {f.status === 'processing'
                        ? 'Being read…'
                        : f.status === 'failed'
                          ? 'Failed'
                          : f.refused > 0
                            ? 'Done, some refused'
                            : 'Done'}
                    </td>
                    <td>{rowCounts(f)}</td>
                  </tr>
                  {/* Why a file failed reads across the table, under its row, not squeezed into a column. */}
                  {f.status === 'failed' && f.reason ? (
                    <tr data-reason-of={f.file}>
                      <td colSpan={4} className="muted">
                        {f.reason}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
