import { http } from '../http';

/**
 * Sends the GETs `load` makes now, ahead of the page about to make them (at the click
 * that opens it, while it renders); the page's own identical calls take their answers.
 */
export const sendAhead = (load: () => readonly Promise<unknown>[]) => http.warm(load);
