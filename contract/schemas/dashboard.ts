import { Type, type Static } from 'typebox';
import { CacheBust } from './common';

/** The dashboard's figures: one answer for the whole analysis page. */

export const DashboardQuery = Type.Object(
  {
    /** Admin: one account's figures; without it an admin sees the whole installation. */
    account_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    ...CacheBust,
  },
  { additionalProperties: false },
);

/** A figure today, over the last 7 and 30 days, and over the 7 and 30 days before those. */
export const Growth = Type.Object({
  today: Type.Integer(),
  last7: Type.Integer(),
  prev7: Type.Integer(),
  last30: Type.Integer(),
  prev30: Type.Integer(),
});
export type Growth = Static<typeof Growth>;

const Named = Type.Object({ name: Type.String(), points: Type.Integer(), count: Type.Integer() });

export const Dashboard = Type.Object({
  /** `account`: one account's figures; `all`: every account's (admin). */
  scope: Type.Union([Type.Literal('account'), Type.Literal('all')]),
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  balance: Type.Integer(),
  prices: Type.Object({ article: Type.Integer(), image: Type.Integer(), images_per_article: Type.Integer() }),
  growth: Type.Object({
    articles_generated: Growth,
    articles_published: Growth,
    points_spent: Growth,
    topups: Growth,
  }),
  /** The last 30 days, oldest first: `days[i]` is the day of every series' i-th number. */
  days: Type.Array(Type.String({ description: 'YYYY-MM-DD' })),
  series: Type.Object({
    points_in: Type.Array(Type.Integer()),
    points_out: Type.Array(Type.Integer()),
    generated: Type.Array(Type.Integer()),
    failed: Type.Array(Type.Integer()),
    published: Type.Array(Type.Integer()),
    sign_ins: Type.Array(Type.Integer()),
    /** Calls made with access keys (the key log). */
    api_calls: Type.Array(Type.Integer()),
  }),
  spend_by_reason: Type.Array(Named),
  topups_by_channel: Type.Array(Named),
  /** Articles of the last 30 days by SEO score: 0–19, 20–39, 40–59, 60–79, 80–100. */
  seo_bands: Type.Array(Type.Integer()),
  top_sites: Type.Array(Type.Object({ site_id: Type.Integer(), name: Type.String(), url: Type.String(), articles: Type.Integer() })),
});
export type Dashboard = Static<typeof Dashboard>;

/** One of the account's sites as the account page's domain table shows it. */
export const Domain = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  host: Type.String(),
  type: Type.String(),
  status: Type.String(),
  /** The last "test connection": null until tested. */
  connected: Type.Union([Type.Boolean(), Type.Null()]),
  checked_at: Type.Union([Type.String(), Type.Null()]),
  articles: Type.Integer(),
  published: Type.Integer(),
  last_publish: Type.Union([Type.String(), Type.Null()]),
});
export type Domain = Static<typeof Domain>;
export const DomainList = Type.Object({ list: Type.Array(Domain) });
export type DomainList = Static<typeof DomainList>;
