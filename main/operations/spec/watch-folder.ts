/** This desk's watched folder (docs/contract.md §19): rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const watchFolderOperations = operationRows({
  getWatchFolder: {
    method: 'GET',
    path: '/watch-folder',
    tag: 'Watched folder',
    access: 'user',
    summary: "This desk's watched folder: its path, its action (orders or ship) and whether it is watched",
    response: S.WatchFolderSettingsSchema,
  },
  setWatchFolder: {
    method: 'PUT',
    path: '/watch-folder',
    tag: 'Watched folder',
    access: 'user',
    summary: "Set this desk's watched folder (null path for none): its files' orders are added, or shipped too",
    description:
      'The station must be able to read and write the folder (it makes processing/, done/ and failed/ in it); else 400 naming `path`. The folder acts as the user who set it: its orders, shipments and prints are theirs in the audit trail, through the door `folder`.',
    ...jsonBody(S.WatchFolderSettingsSchema),
    response: S.WatchFolderSettingsSchema,
  },
  listFolderActivity: {
    method: 'GET',
    path: '/watch-folder/activity',
    tag: 'Watched folder',
    access: 'user',
    summary: "The files this desk's folder took in the last days, newest first, with their rows' counts and result",
    response: S.FolderActivitySchema,
  },
});
