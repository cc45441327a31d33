/** Settings: the station (sender address, label size), this desk, your password, its printers and scale, and — for administrators — API keys, users, shipping rules, webhooks and the audit trail. */
import { api, useSession } from '../api';
import { ErrorNotice } from '../components/Notice';
import { useLoad } from '../hooks/use-load';
import { ApiKeysPanel } from '../settings/ApiKeysPanel';
import { AuditPanel } from '../settings/AuditPanel';
import { DeskPanel } from '../settings/DeskPanel';
import { OwnPasswordPanel } from '../settings/OwnPasswordPanel';
import { PrintersPanel } from '../settings/PrintersPanel';
import { RulesPanel } from '../settings/RulesPanel';
import { ScalePanel } from '../settings/ScalePanel';
import { StationPanel } from '../settings/StationPanel';
import { UsersPanel } from '../settings/UsersPanel';
import { WebhooksPanel } from '../settings/WebhooksPanel';

export function SettingsPage() {
  const me = useSession((s) => s.user);
  const isAdmin = me?.role === 'admin';
  const settings = useLoad('settings', () => api.getSettings());
  const users = useLoad(isAdmin ? 'users' : null, () => api.listUsers());

  return (
    <div className="page settings-page">
      <header className="page-header">
        <div>
          <h1>Settings</h1>
          <p className="page-sub">
            Signed in as {me?.username}
            {isAdmin ? ', administrator' : ''}.
          </p>
        </div>
      </header>
      {settings.error ? <ErrorNotice error={settings.error} /> : null}
      {settings.data ? <StationPanel settings={settings.data} isAdmin={isAdmin} /> : null}
      <DeskPanel isAdmin={isAdmin} settings={settings.data} />
      <OwnPasswordPanel />
      <PrintersPanel />
      <ScalePanel />
      {isAdmin && me ? (
        <>
          {users.error ? <ErrorNotice error={users.error} /> : null}
          <ApiKeysPanel users={users.data?.items ?? []} />
          {users.data ? <UsersPanel users={users.data.items} me={me} onChanged={users.reload} /> : null}
          <RulesPanel />
          <WebhooksPanel />
          <AuditPanel />
        </>
      ) : null}
    </div>
  );
}
