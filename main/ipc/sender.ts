/**
 * Which IPC events the main process answers: only those from a frame the shell's policy
 * trusts (the desktop passes main/desktop/window-policy.ts's rule in, so this door does not
 * import its shell). Structural types instead of Electron's, so the check runs in unit
 * tests; Electron's IpcMainInvokeEvent fits them.
 */

/** Whether a frame at `frameUrl` may call the main process. */
export type SenderPolicy = (frameUrl: string, isMainFrame: boolean) => boolean;

export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

export interface SenderEvent {
  /** null once the frame has navigated away or been destroyed. */
  readonly senderFrame: SenderFrame | null;
}

export function isTrustedEvent(event: SenderEvent, trusts: SenderPolicy): boolean {
  const frame = event.senderFrame;
  return frame !== null && trusts(frame.url, frame.parent === null);
}

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`IPC on ${channel} refused: the sender is not the app's main frame`);
    this.name = 'UntrustedSenderError';
  }
}

/** Throws (the renderer's invoke() rejects) unless the event comes from the app itself. */
export function assertTrustedEvent(event: SenderEvent, trusts: SenderPolicy, channel: string): void {
  if (!isTrustedEvent(event, trusts)) throw new UntrustedSenderError(channel);
}
