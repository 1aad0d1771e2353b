import { readableUrl } from '../../shared/readableUrl';

/** The page a link points at, as a reader names it: its article's title, or its address once that article is gone. */
export const linkTarget = (link: { target_title: string | null; target_url: string }) => link.target_title ?? readableUrl(link.target_url);
