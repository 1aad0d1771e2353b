/** An address as a link compares: no fragment, trailing slash or case differences. */
export const sameAddress = (url: string) => url.split('#')[0].replace(/\/+$/, '').toLowerCase();
