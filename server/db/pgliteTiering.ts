import v8 from 'node:v8';

/**
 * How V8 optimises PGlite's WebAssembly. A WebAssembly function starts in V8's baseline
 * code (Liftoff) and is recompiled by the optimising compiler (TurboFan) in the background once it
 * has run for a "tiering budget". With Node 20's defaults (a budget of 1.8 million, as many
 * compiling threads as the platform has), PostgreSQL's start alone sent so many functions to
 * TurboFan that a restart spent about 1.7 s of CPU in it, on a machine of two cores, while the
 * main thread was loading the server: on the 2-core EPYC, spawn to the first answer took
 * 1.86–1.91 s against 1.37–1.49 s without TurboFan at all.
 *
 * A budget ten times larger leaves the start's one-off work in baseline code, and one compiling
 * thread leaves the other core to the server: 1.49–1.58 s there. The functions that queries run
 * again and again still reach TurboFan within the first requests: a search's time after a restart
 * was the same with and without this (p95 of 200 over ten queries, 48.1 against 48.0 ms), where
 * baseline code alone made it 67 ms.
 *
 * Both flags are read when they are used: the budget when PGlite's instance is made, the thread
 * count each time TurboFan's background job asks for threads. So this runs before PGlite starts.
 */
export function optimisePgliteWhenHot(): void {
  v8.setFlagsFromString('--wasm-tiering-budget=18000000');
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
}
