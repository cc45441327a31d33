/**
 * A secret the station shows once (a new API key, a webhook's signing secret), with a copy
 * button: the station keeps only what it needs, and the screen forgets it on Done.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function RevealedSecret({
  children,
  secret,
  label,
  onDone,
}: {
  children: ReactNode;
  secret: string;
  label: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  // Shown once: the cursor goes straight to Copy.
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    copy.current?.focus();
  }, []);
  return (
    <div className="reveal" role="status">
      <p>{children}</p>
      <div className="reveal-row">
        <code className="reveal-key" aria-label={label}>
          {secret}
        </code>
        <button
          ref={copy}
          type="button"
          className="button button-small"
          onClick={() =>
            navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="button button-quiet button-small" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === false ? <p className="field-error">The clipboard refused; select it and copy it by hand.</p> : null}
    </div>
  );
}
