/**
 * This server's files (`/uploads/…`) as addresses that work anywhere: a page pasted or posted
 * elsewhere cannot resolve a path of this server, and the site's own domain does not hold them.
 */
export const absoluteUrl = (url: string, publicUrl: string) => (url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url);

/** The HTML with every image of this server at its absolute address. */
export const withAbsoluteImages = (html: string, publicUrl: string) =>
  html.replace(/(<img\b[^>]*?\ssrc=")(\/[^"]*)"/gi, (_m, head: string, src: string) => `${head}${absoluteUrl(src, publicUrl)}"`);
