import dayjs from 'dayjs';
import type { Dashboard, DomainList, Growth } from '../../../contract/schemas/dashboard';
import { dateTime } from '../../../contract/dateTime';
import * as q from '../../db/dashboard';
import type { Ctx } from '../context';
import { ADMIN_ROLE, heldRoles } from '../access/permissions';
import { configuredPrices, pricesOf } from '../money/quote';
import type { Authenticated } from '../access/sessions';

/** Days the charts show, and the days before them the growth figures compare with. */
const SHOWN = 30;
const READ = 2 * SHOWN;

/** Whose figures: an account owner's own; an admin's choice of account, or every account's. */
export function dashboardScope(auth: Authenticated, accountId: number | undefined): number | null {
  if (!heldRoles(auth).has(ADMIN_ROLE)) return auth.account.id;
  return accountId ?? null;
}

/** One number per day of the read range, from rows keyed by day number (days outside dropped). */
function perDay<R extends { day: number }>(rows: R[], value: (row: R) => string | number): number[] {
  const days = new Array<number>(READ).fill(0);
  for (const row of rows) {
    const day = Number(row.day);
    if (day >= 0 && day < READ) days[day] += Number(value(row));
  }
  return days;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function growth(days: number[]): Growth {
  const n = days.length;
  return {
    today: days[n - 1],
    last7: sum(days.slice(n - 7)),
    prev7: sum(days.slice(n - 14, n - 7)),
    last30: sum(days.slice(n - 30)),
    prev30: sum(days.slice(n - 60, n - 30)),
  };
}

/** The analysis page's figures, from aggregate queries over the last 60 days. */
export async function dashboard(ctx: Ctx, accountId: number | null): Promise<Dashboard> {
  const today = dayjs(ctx.now()).startOf('day');
  const end = today.add(1, 'day').toDate();
  const start60 = today.subtract(READ - 1, 'day').toDate();
  const start30 = today.subtract(SHOWN - 1, 'day').toDate();
  const db = ctx.db;
  const [ledger, spend, topups, channels, generation, articles, seo, sites, signIns, apiCalls, balance, prices] = await Promise.all([
    q.ledgerPerDay(db, accountId, start60, end),
    q.spendByReason(db, accountId, start30, end),
    q.topupsPerDay(db, accountId, start60, end),
    q.topupsByChannel(db, accountId, start30, end),
    q.generationPerDay(db, accountId, start60, end),
    q.articlesPerDay(db, accountId, start60, end),
    q.seoBands(db, accountId, start30, end),
    q.topSites(db, accountId, start30, end),
    q.signInsPerDay(db, accountId, start30, end),
    q.apiCallsPerDay(db, accountId, start30, end),
    q.balanceOf(db, accountId),
    // The estimate of what a balance writes: an account's as it is charged; the whole installation's at the configured prices.
    accountId === null ? configuredPrices(ctx) : pricesOf(ctx, accountId),
  ]);
  const pointsIn = perDay(ledger, (r) => r.points_in);
  const pointsOut = perDay(ledger, (r) => r.points_out);
  const generated = perDay(generation, (r) => r.done);
  const failed = perDay(generation, (r) => r.failed);
  const published = perDay(articles, (r) => r.published);
  const topupPoints = perDay(topups, (r) => r.points);
  // Sign-ins were read from start30: shift them into the 60-day frame.
  const signInDays = perDay(
    signIns.map((r) => ({ ...r, day: Number(r.day) + SHOWN })),
    (r) => r.n,
  );
  const apiCallDays = perDay(
    apiCalls.map((r) => ({ ...r, day: Number(r.day) + SHOWN })),
    (r) => r.n,
  );
  const shown = (days: number[]) => days.slice(READ - SHOWN);
  const bands = [0, 0, 0, 0, 0];
  for (const row of seo) bands[Math.max(0, Math.min(4, Number(row.band)))] += Number(row.n);
  return {
    scope: accountId === null ? 'all' : 'account',
    account_id: accountId,
    balance,
    prices,
    growth: {
      articles_generated: growth(generated),
      articles_published: growth(published),
      points_spent: growth(pointsOut),
      topups: growth(topupPoints),
    },
    days: Array.from({ length: SHOWN }, (_, i) => dayjs(start30).add(i, 'day').format('YYYY-MM-DD')),
    series: {
      points_in: shown(pointsIn),
      points_out: shown(pointsOut),
      generated: shown(generated),
      failed: shown(failed),
      published: shown(published),
      sign_ins: shown(signInDays),
      api_calls: shown(apiCallDays),
    },
    spend_by_reason: spend.map((r) => ({ name: r.reason, points: Number(r.points), count: 0 })),
    topups_by_channel: channels.map((r) => ({ name: r.channel, points: Number(r.points), count: Number(r.n) })),
    seo_bands: bands,
    top_sites: sites.map((r) => ({ site_id: Number(r.site_id), name: r.name, url: r.url, articles: Number(r.n) })),
  };
}

/** The account's sites with what was published to them (the account page's domains). */
export async function domainList(ctx: Pick<Ctx, 'db'>, accountId: number): Promise<DomainList> {
  const rows = await q.domainsOf(ctx.db, accountId);
  const at = (value: Date | string | null) => (value === null ? null : dateTime(new Date(value)));
  const hostOf = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  };
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      url: r.url,
      host: hostOf(r.url),
      type: r.type,
      status: r.status,
      connected: r.last_check_ok,
      checked_at: at(r.last_check_at),
      articles: Number(r.articles),
      published: Number(r.published),
      last_publish: at(r.last_publish),
    })),
  };
}
