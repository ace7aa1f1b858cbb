/** A stream written to with backpressure: stdout, a file, a socket. */
export type OutputStream = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Writes `text` to `stream` and waits until it is handed over. False when the reader has gone away
 * (EPIPE: `conform records ... | head`), which is the reader's choice, not an error.
 */
export async function writeToReader(stream: OutputStream, text: string): Promise<boolean> {
  // A failed write also emits 'error', which unheard would end the process with a stack trace; the
  // write's own callback reports the failure instead.
  const heard = () => undefined;
  stream.on('error', heard);
  try {
    await new Promise<void>((resolve, reject) => stream.write(text, (err) => (err ? reject(err) : resolve())));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return false;
    throw err;
  } finally {
    stream.off('error', heard);
  }
}
