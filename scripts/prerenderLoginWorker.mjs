/**
 * Renders the console's login page to HTML in a locale (scripts/prerenderLogin.ts runs this in a
 * worker thread of its own, one a locale: the window's globals and Emotion's style cache stay
 * there). The server bundle of src/prerenderLogin.tsx runs in a jsdom window without `document`,
 * so that Emotion renders its styles into the HTML, as on a server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { JSDOM, VirtualConsole } from 'jsdom';

const { module, locale } = workerData;
const { window } = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'http://localhost/login',
  pretendToBeVisual: true,
  // Quiet about what a window without layout lacks (scrolling); the render's own errors still throw.
  virtualConsole: new VirtualConsole(),
});
for (const name of Object.getOwnPropertyNames(window)) {
  if (name !== 'document' && !(name in globalThis)) globalThis[name] = window[name];
}
// Node has its own events; the console's code dispatches the window's.
for (const name of ['Event', 'CustomEvent', 'EventTarget']) globalThis[name] = window[name];
for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent']) globalThis[name] = window[name].bind(window);
globalThis.window = window;

const { prerenderLogin } = await import(module);
parentPort.postMessage(await prerenderLogin(locale));
// The console's timers (the stored state's cleanup, the session's) end with the thread.
process.exit(0);
