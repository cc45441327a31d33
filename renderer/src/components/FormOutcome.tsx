/** What a form's last action came to (useFormAction): the failure in a line, or what it did. */
import { Notice } from './Notice';

export function FormOutcome({ notice, message }: { notice: string | null; message: string | null }) {
  return (
    <>
      {notice ? (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      ) : null}
      {message ? <Notice tone="success">{message}</Notice> : null}
    </>
  );
}
