import type { Site } from '../../../contract/schemas/site';

/** The dialogs of the site page, each by name with the site it is about. */
export type SiteDialog = { name: 'create' } | { name: 'edit' | 'keywords' | 'categories' | 'links' | 'generate'; row: Site };
