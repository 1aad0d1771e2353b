/**
 * The prerendered login page's inline scripts (scripts/prerenderLogin.ts), the same text in every
 * build: the server's Content-Security-Policy allows exactly these by their hashes
 * (server/http/securityHeaders.ts), and no other inline script.
 */

/** The id of the console entry's modulepreload link in the prerendered page. */
export const CONSOLE_ENTRY_ID = 'inkpress-entry';

/**
 * Stops a form's submission until the console has hydrated the page, and keeps the form for it
 * (src/app/takeOverPrerendered). Without it, the browser would send the form itself, as a GET.
 */
export const HOLD_SUBMIT_SCRIPT = `addEventListener('submit',function(e){var p=window.inkpressPrerendered;if(!p.hydrated){e.preventDefault();p.submitted=e.target}},true);window.inkpressPrerendered={hydrated:false,submitted:null}`;

/**
 * Runs the console's entry (named by its modulepreload link, so that this text is the same in
 * every build) after the page's first frame. A module script runs once the page is parsed, and on
 * a fast connection its chunks can be there before the first frame: its ~200 ms of evaluation then
 * came before the form showed (form shown at 353 ms instead of ~200, in one bench run in three).
 * The entry and its chunks are still fetched at once (modulepreload).
 */
export const START_AFTER_FIRST_FRAME_SCRIPT = `requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=document.getElementById(${JSON.stringify(CONSOLE_ENTRY_ID)}).href;document.head.appendChild(s)})})`;

/** Every inline script of the console's pages. */
export const FIRST_SCREEN_SCRIPTS = [HOLD_SUBMIT_SCRIPT, START_AFTER_FIRST_FRAME_SCRIPT] as const;
