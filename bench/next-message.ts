import type { ChildProcess } from 'node:child_process';

/** The next message `child` sends; rejects if it exits first (`name` says which process). */
export function nextMessage<T>(child: ChildProcess, name: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`${name} exited (${code})`));
    child.once('exit', exited);
    child.once('message', (message: T) => {
      child.off('exit', exited);
      resolve(message);
    });
  });
}
