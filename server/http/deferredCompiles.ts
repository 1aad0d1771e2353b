/**
 * Compilations the server puts off at start (a route's validator and its reply
 * serializers compile on first use, so the start does not wait for ~1,300 of them) and, in a
 * long-running server, does soon after it listens: one per turn of the event loop, between the
 * requests, so that a menu page's first request finds its route ready (a cold route took 80–250 ms
 * more on its first call). Tests leave them lazy: most routes are never called there.
 */
export class DeferredCompiles {
  private pending: (() => void)[] = [];
  private running = false;

  /** Keeps `compile` for later; it must be safe to run twice (the first request may run it first). */
  add(compile: () => void): void {
    this.pending.push(compile);
  }

  /** Runs what is pending, one at a time with the event loop free in between, until none is left or stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    const next = () => {
      const compile = this.pending.shift();
      if (!this.running || !compile) {
        this.running = false;
        return;
      }
      try {
        compile();
      } catch {
        // A schema that does not compile fails on its route's first request, where it is reported.
      }
      setImmediate(next);
    };
    setImmediate(next);
  }

  stop(): void {
    this.running = false;
    this.pending = [];
  }

  get size(): number {
    return this.pending.length;
  }
}
