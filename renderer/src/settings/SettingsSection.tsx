/** A section of the Settings screen: its heading and a line on what it is for, then its card. */
import type { ReactNode } from 'react';

export function SettingsSection({
  headingId,
  title,
  intro,
  children,
  after,
}: {
  /** The heading's DOM id: the section (and any form in it) is named by it. */
  headingId: string;
  title: string;
  intro: ReactNode;
  /** The card's content. */
  children: ReactNode;
  /** What stands outside the card (a confirmation dialog). */
  after?: ReactNode;
}) {
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="settings-head">
        <h2 id={headingId}>{title}</h2>
        <p className="muted">{intro}</p>
      </div>
      <div className="settings-body card stack">{children}</div>
      {after}
    </section>
  );
}
