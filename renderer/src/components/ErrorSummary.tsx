/**
 * The summary at the top of a form after a refused request: one list of what needs
 * attention, members that name no field on screen as lines and the fields that carry their
 * own message as links to them; the problem's detail only when it has no list (it would
 * say the list a second time). It is an alert, so a screen reader reads the list, while
 * focus goes to the first marked field of the form (the summary when none is marked).
 */
import { useEffect, useRef } from 'react';
import { asSentence, errorDomId, fieldDomId, humanPath } from '../lib/field-errors';

interface ErrorSummaryProps {
  title: string;
  detail?: string | undefined;
  unmapped: string[];
  /** Path → message of the fields on screen that carry their own message. */
  fields: Record<string, string>;
  /** Changes on every refused attempt, so focus moves (and the alert is read) again. */
  attempt: number;
}

export function ErrorSummary({ title, detail, unmapped, fields, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const summary = ref.current;
    if (!summary) return;
    summary.scrollIntoView({ block: 'nearest' });
    const first = summary.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summary).focus();
  }, [attempt]);

  const paths = Object.keys(fields);
  const count = paths.length + unmapped.length;
  return (
    <div
      // A new element per attempt: an alert is read when it appears, also the same words again.
      key={attempt}
      ref={ref}
      className="error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title">{title}</h2>
      {count === 0 && detail ? <p className="error-summary-detail">{detail}</p> : null}
      {count > 0 ? (
        <>
          <p className="error-summary-detail">
            {count === 1 ? 'One field needs attention:' : `${count} fields need attention:`}
          </p>
          <ul className="error-summary-fields">
            {unmapped.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {paths.map((path) => (
              <li key={path}>
                <a
                  href={`#${fieldDomId(path)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    const field = document.getElementById(fieldDomId(path));
                    // A group (the pieces as a whole) has no input of its own: show its message.
                    if (field) field.focus();
                    else document.getElementById(errorDomId(path))?.scrollIntoView({ block: 'center' });
                  }}
                >
                  {humanPath(path)}
                </a>
                : {asSentence(fields[path]!)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
