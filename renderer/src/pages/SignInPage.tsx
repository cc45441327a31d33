/** Sign in with a user name and password; the Track screen is open to anyone from here. */
import { useState, type FormEvent } from 'react';
import { ApiProblem, describeError, session, useSession } from '../api';
import { Brand } from '../components/AppShell';
import { hrefFor } from '../router/navigation';

export function SignInPage() {
  const notice = useSession((s) => s.notice);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await session.signIn(username.trim(), password);
    } catch (problem) {
      // The station's answer names API keys too; at the desk it is always a name and password.
      setError(
        problem instanceof ApiProblem && problem.status === 400
          ? 'That user name and password do not match. Type them again, or ask an administrator to reset your password.'
          : describeError(problem),
      );
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sign-in">
      <main id="main" className="sign-in-card">
        <Brand large />
        <h1>Sign in</h1>
        {notice && !error ? (
          <p className="notice notice-warning" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="notice notice-error" role="alert" id="sign-in-error">
            {error}
          </p>
        ) : null}
        <form onSubmit={submit} noValidate className="stack">
          <div className="field">
            <label htmlFor="sign-in-username" className="field-label">
              User name
            </label>
            <input
              id="sign-in-username"
              className="input"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-describedby={error ? 'sign-in-error' : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="sign-in-password" className="field-label">
              Password
            </label>
            <input
              id="sign-in-password"
              className="input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={busy || !username || !password}
          >
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="sign-in-foot">
          Looking for a parcel? <a href={hrefFor({ page: 'track', reference: '', postCode: '' })}>Track a parcel</a>
        </p>
      </main>
    </div>
  );
}
