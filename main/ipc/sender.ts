/**
 * Which IPC events the main process answers: only those from the app's main frame while it
 * shows the app (window-policy.ts decides). Structural types instead of Electron's, so the
 * check runs in unit tests; Electron's IpcMainInvokeEvent fits them.
 */
import { isTrustedSender } from '../desktop/window-policy';

export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

export interface SenderEvent {
  /** null once the frame has navigated away or been destroyed. */
  readonly senderFrame: SenderFrame | null;
}

export function isTrustedEvent(event: SenderEvent, appUrl: string): boolean {
  const frame = event.senderFrame;
  return frame !== null && isTrustedSender(frame.url, appUrl, frame.parent === null);
}

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`IPC on ${channel} refused: the sender is not the app's main frame`);
    this.name = 'UntrustedSenderError';
  }
}

/** Throws (the renderer's invoke() rejects) unless the event comes from the app itself. */
export function assertTrustedEvent(event: SenderEvent, appUrl: string, channel: string): void {
  if (!isTrustedEvent(event, appUrl)) throw new UntrustedSenderError(channel);
}
