/**
 * Lets the tasks already queued run (a query's message, a reply from IndexedDB), then
 * goes on: a message to itself. Not `setTimeout(0)`: past five nested timers the browser
 * holds each back 4 ms, which a first sync's 40 chunks (10k notes) yielding twice each
 * spent idle.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
