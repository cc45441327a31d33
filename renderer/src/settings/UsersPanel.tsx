/** The people who sign in to this station (administrators): add, disable or enable, reset a password, unlock sign-in. */
import { useState } from 'react';
import type { Role, User } from '../../../main/core/schemas';
import { api } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SelectField, TextField } from '../components/Field';
import { formatDateTime } from '../lib/format';
import { usePanelAction } from '../hooks/use-panel-action';
import { RecordsPanel } from './RecordsPanel';

/** The new-user form's fields, by their request paths. */
const NEW_USER_FIELDS = ['username', 'password', 'role'] as const;

interface UsersPanelProps {
  users: User[];
  me: User;
  onChanged: () => void;
}

export function UsersPanel({ users, me, onChanged }: UsersPanelProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('operator');
  const [resetting, setResetting] = useState<User | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const action = usePanelAction();
  const { busy, fieldErrors } = action;

  /** Runs one change; a 400's field errors go beside `fields` (the new-user form's). */
  const run = (change: () => Promise<unknown>, success: string, fields: readonly string[] = []) =>
    action.run(
      async () => {
        await change();
        onChanged();
        return success;
      },
      { fields },
    );

  async function add() {
    const name = username.trim();
    if (
      await run(
        () => api.createUser({ body: { username: name, password, role } }),
        `User ${name} added.`,
        NEW_USER_FIELDS,
      )
    ) {
      setUsername('');
      setPassword('');
    }
  }

  async function resetPassword() {
    if (!resetting) return;
    const who = resetting;
    await run(
      () => api.updateUser({ params: { userId: String(who.id) }, body: { password: newPassword } }),
      `Password of ${who.username} reset.`,
    );
    setResetting(null);
    setNewPassword('');
  }

  return (
    <RecordsPanel
      headingId="users-heading"
      title="Users"
      intro="Operators create and print shipments; administrators also manage users, keys and station settings."
      action={action}
      dialog={
        <ConfirmDialog
          open={resetting !== null}
          title={`Reset the password of ${resetting?.username ?? ''}`}
          confirmLabel="Set password"
          cancelLabel="Cancel"
          busy={busy || !newPassword}
          onConfirm={() => void resetPassword()}
          onCancel={() => setResetting(null)}
        >
          <div className="field">
            <label className="field-label" htmlFor="reset-password">
              New password
            </label>
            <input
              id="reset-password"
              className="input"
              type="password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              autoComplete="new-password"
            />
            <p className="field-hint">
              At least 10 characters. Tell the user in person; they can sign in with it at once.
            </p>
          </div>
        </ConfirmDialog>
      }
      fields={
        <>
          <TextField
            idScope="new-user"
            path="username"
            label="User name"
            value={username}
            onValue={setUsername}
            error={fieldErrors.username}
            maxLength={64}
            autoComplete="off"
          />
          <TextField
            idScope="new-user"
            path="password"
            label="Password"
            type="password"
            value={password}
            onValue={setPassword}
            error={fieldErrors.password}
            autoComplete="new-password"
          />
          <SelectField
            idScope="new-user"
            path="role"
            label="Role"
            value={role}
            onValue={(value) => setRole(value as Role)}
            error={fieldErrors.role}
          >
            <option value="operator">Operator</option>
            <option value="admin">Administrator</option>
          </SelectField>
        </>
      }
      submitLabel="Add user"
      canSubmit={Boolean(username.trim() && password)}
      onSubmit={() => void add()}
    >
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.username} {user.id === me.id ? <span className="muted">(you)</span> : null}
                </td>
                <td>{user.role === 'admin' ? 'Administrator' : 'Operator'}</td>
                <td>
                  <span className={`chip ${user.disabled ? 'chip-grey' : 'chip-green'}`}>
                    {user.disabled ? 'Disabled' : 'Active'}
                  </span>
                </td>
                <td className="nowrap">{formatDateTime(user.createdOn)}</td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button button-quiet button-small"
                    disabled={busy || user.id === me.id}
                    title={user.id === me.id ? 'You cannot disable yourself.' : undefined}
                    onClick={() =>
                      void run(
                        () =>
                          api.updateUser({ params: { userId: String(user.id) }, body: { disabled: !user.disabled } }),
                        `${user.username} ${user.disabled ? 'enabled' : 'disabled'}.`,
                      )
                    }
                    aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.username}`}
                  >
                    {user.disabled ? 'Enable' : 'Disable'}
                  </button>
                  <button
                    type="button"
                    className="button button-quiet button-small"
                    disabled={busy}
                    onClick={() => {
                      setNewPassword('');
                      setResetting(user);
                    }}
                    aria-label={`Reset password of ${user.username}`}
                  >
                    Reset password
                  </button>
                  <button
                    type="button"
                    className="button button-quiet button-small"
                    disabled={busy}
                    title="After 10 failed sign-ins a user is locked out for 15 minutes; this lifts it now."
                    onClick={() =>
                      void run(
                        () => api.unlockUser({ params: { userId: String(user.id) } }),
                        `Sign-in unlocked for ${user.username}.`,
                      )
                    }
                    aria-label={`Unlock sign-in of ${user.username}`}
                  >
                    Unlock sign-in
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </RecordsPanel>
  );
}
