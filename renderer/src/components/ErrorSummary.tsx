/**
 * The summary at the top of a form after a refused request: the problem's detail, members
 * that name no field on screen, and links to the fields that carry their own message.
 * It takes focus when it appears, so keyboard and screen-reader users land on it.
 */
import { useEffect, useRef } from 'react';
import { errorDomId, fieldDomId, humanPath } from '../lib/field-errors';

interface ErrorSummaryProps {
  title: string;
  detail?: string | undefined;
  unmapped: string[];
  fieldPaths: string[];
  /** Changes on every refused attempt, so focus moves again. */
  attempt: number;
}

export function ErrorSummary({ title, detail, unmapped, fieldPaths, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [attempt]);

  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
      {detail ? <p className="error-summary-detail">{detail}</p> : null}
      {unmapped.length ? (
        <ul>
          {unmapped.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {fieldPaths.length ? (
        <p className="error-summary-fields">
          {fieldPaths.length === 1 ? 'One field needs attention: ' : `${fieldPaths.length} fields need attention: `}
          {fieldPaths.map((path, index) => (
            <span key={path}>
              {index ? ', ' : ''}
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
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
