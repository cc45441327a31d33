/**
 * Your password, for every user: the current one, the new one twice. The station ends your
 * other sign-ins and hands this desk a new one, so the screen stays signed in.
 */
import { useState, type FormEvent } from 'react';
import { api, formErrors, session } from '../api';
import { TextField } from '../components/Field';
import { SettingsSection } from './SettingsSection';

const FIELDS = ['currentPassword', 'newPassword', 'repeatPassword'] as const;

export function OwnPasswordPanel() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (newPassword !== repeatPassword) {
      setFieldErrors({ repeatPassword: 'Type the same new password twice.' });
      return;
    }
    setBusy(true);
    setFieldErrors({});
    try {
      const signIn = await api.changeOwnPassword({ body: { currentPassword, newPassword } });
      await session.replaceSignIn(signIn);
      setCurrentPassword('');
      setNewPassword('');
      setRepeatPassword('');
      setMessage({
        tone: 'success',
        text: 'Password changed. You stay signed in here; anywhere else you are signed out.',
      });
    } catch (error) {
      const { byField, notice } = formErrors(error, FIELDS);
      setFieldErrors(byField);
      if (notice) setMessage({ tone: 'error', text: notice });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      headingId="own-password-heading"
      title="Your password"
      intro="Changing it signs you out everywhere else."
    >
      <form className="inline-form" onSubmit={change} noValidate aria-labelledby="own-password-heading">
        <TextField
          idScope="own"
          path="currentPassword"
          label="Current password"
          type="password"
          value={currentPassword}
          onValue={setCurrentPassword}
          error={fieldErrors.currentPassword}
          autoComplete="current-password"
        />
        <TextField
          idScope="own"
          path="newPassword"
          label="New password"
          type="password"
          value={newPassword}
          onValue={setNewPassword}
          error={fieldErrors.newPassword}
          hint="At least 10 characters."
          autoComplete="new-password"
        />
        <TextField
          idScope="own"
          path="repeatPassword"
          label="New password again"
          type="password"
          value={repeatPassword}
          onValue={setRepeatPassword}
          error={fieldErrors.repeatPassword}
          autoComplete="new-password"
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || !currentPassword || !newPassword || !repeatPassword}
        >
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </form>
      {message ? (
        <p className={`notice notice-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </SettingsSection>
  );
}
