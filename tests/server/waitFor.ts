/**
 * Polls until `check` returns a value (not undefined), or fails after `timeoutMs`: what a client
 * waiting on the server or a site does. Free of the test runner, so the browser scenarios use it too.
 */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
