import type { Site } from '../../../contract/schemas/site';
import type { ListActor } from '../../app/useListActor';

/** The dialogs of the site page, each by name with the site it is about. */
export type SiteDialog = { name: 'create' } | { name: 'edit' | 'keywords' | 'categories' | 'generate'; row: Site };

/** The site page's list: its sites and their dialogs. */
export type SiteList = ListActor<Site, SiteDialog>;
