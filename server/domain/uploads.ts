/** MIME types accepted by the upload endpoints, by upload purpose. */
export const UPLOAD_MIME_BY_TYPE: Record<string, readonly string[]> = {
  avatar: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
  file: ['application/pdf', 'text/plain', 'text/csv', 'application/zip', 'image/png', 'image/jpeg', 'image/webp'],
  keywords: ['text/plain', 'text/csv'],
  article: ['text/markdown', 'text/plain', 'text/html'],
};
export const ALLOWED_UPLOAD_TYPES = Object.keys(UPLOAD_MIME_BY_TYPE);
