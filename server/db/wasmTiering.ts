import v8 from 'node:v8';

/**
 * How much a WebAssembly function of PGlite runs in V8's baseline code (Liftoff) before V8
 * recompiles it optimised (TurboFan), in V8's budget units: 30 × V8's default (1,800,000 in Node 20).
 *
 * At the default, the few hundred queries of a start (migrations check, seed, job queue, caches)
 * make V8 optimise thousands of PostgreSQL's functions on background threads: on the 2-core machine
 * that was 1.2–1.7 s of CPU beside the start, which then waited for a core (issue 17: a restart used
 * 3.5–4.3 s of CPU; 2.2–2.6 s with this budget, 2.3 s with 100 ×, so 30 × is where it stops paying).
 * The price: a busy server's hot functions are optimised later, so its first heavy queries run in
 * baseline code (a 100,000-row scan repeated: about 1.3 × slower over its first 40 runs at 100 ×).
 */
export const PGLITE_WASM_TIERING_BUDGET = 54_000_000;

/** Sets the budget for WebAssembly compiled from now on in this process: call it before PGlite loads. */
export function delayWasmTierUp(budget = PGLITE_WASM_TIERING_BUDGET): void {
  v8.setFlagsFromString(`--wasm-tiering-budget=${budget}`);
}
