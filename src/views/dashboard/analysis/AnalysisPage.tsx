import { Suspense, useMemo, useState } from 'react';
import { Badge, Button, Card, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Coins, FileText, Send, ShieldAlert, ShieldCheck, Wallet } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ChartData } from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import type { Growth } from '../../../../contract/schemas/dashboard';
import { useSessionActor } from '../../../app/AppActorProvider';
import { useCan } from '../../../app/useCan';
import { PageLoading } from '../../../components/feedback/PageLoading';
import { FailureAlert } from '../../../components/form/FailureAlert';
import { analysisAhead, useAnalysis } from '../api';
import { ChartCard, axes, useChartColors } from './charts';
import { BindAuthenticatorDialog } from '../../../components/signIn/BindAuthenticatorDialog';
import { ProfileDialog, RechargeDialog } from '../accountDialogs';
import { StatCard } from './StatCard';
import { WelcomeCard } from './WelcomeCard';
import { ModelNotice } from '../../../components/generation/ModelNotice';

/** +12% / −5% / new against the period before; null when both are zero. */
function change(now: number, before: number, newText: string): { text: string; palette: string } | null {
  if (now === 0 && before === 0) return null;
  if (before === 0) return { text: newText, palette: 'green' };
  const pct = Math.round(((now - before) / before) * 100);
  return { text: `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${Math.abs(pct)}%`, palette: pct > 0 ? 'green' : pct < 0 ? 'red' : 'gray' };
}

function GrowthCard({
  label,
  growth,
  icon,
  palette,
  testId,
}: {
  label: string;
  growth: Growth;
  icon: React.ReactNode;
  palette: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
  const week = change(growth.last7, growth.prev7, t('dashboard.analysis.growth.new'));
  const month = change(growth.last30, growth.prev30, t('dashboard.analysis.growth.new'));
  const badge = (c: ReturnType<typeof change>) =>
    c ? (
      <Badge colorPalette={c.palette} variant="subtle" size="sm">
        {c.text}
      </Badge>
    ) : (
      <Badge variant="subtle" size="sm">
        —
      </Badge>
    );
  return (
    <StatCard
      label={label}
      value={<span data-testid={testId}>{growth.last7.toLocaleString(locale)}</span>}
      hint={t('dashboard.analysis.growth.hint', {
        today: growth.today.toLocaleString(locale),
        month: growth.last30.toLocaleString(locale),
      })}
      icon={icon}
      palette={palette}
      stacked
      action={
        <Stack gap="1" align="stretch" textStyle="xs" color="fg.muted">
          <HStack gap="2" justify="space-between" whiteSpace="nowrap">
            {t('dashboard.analysis.growth.week')} {badge(week)}
          </HStack>
          <HStack gap="2" justify="space-between" whiteSpace="nowrap">
            {t('dashboard.analysis.growth.month')} {badge(month)}
          </HStack>
        </Stack>
      }
    />
  );
}

const NONE = {};

/** The growth cards, in their order: the figure each shows, its icon and colour. */
const GROWTH_CARDS = [
  {
    label: 'dashboard.analysis.growth.generated',
    field: 'articles_generated',
    Icon: FileText,
    palette: 'brand',
    testId: 'growth-generated',
  },
  { label: 'dashboard.analysis.growth.published', field: 'articles_published', Icon: Send, palette: 'green', testId: 'growth-published' },
  { label: 'dashboard.analysis.growth.spent', field: 'points_spent', Icon: Coins, palette: 'orange', testId: 'growth-spent' },
  { label: 'dashboard.analysis.growth.topups', field: 'topups', Icon: Wallet, palette: 'purple', testId: 'growth-topups' },
] as const;

/** What the page asks for when it opens: its figures and the model notice's settings (sent while signing in). */
export const loadsAhead = () => analysisAhead(NONE);

/**
 * /dashboard/analysis: growth cards, the recharge card, and the financial, content and
 * visit charts of the last 30 days. An account owner sees their own; the operator sees the whole
 * installation or picks an account.
 */
export default function AnalysisPage() {
  const { t, i18n } = useTranslation();
  const session = useSessionActor();
  const user = useSelector(session, (state) => state.context.user);
  const can = useCan();
  const administrator = can('admin');
  // Buying points is the account owner's: a team member is not offered it.
  const canTopUp = can('account:topup');
  const [binding, setBinding] = useState(false);
  // The account page's modals, opened here: closed, they leave the page as it was.
  const [dialog, setDialog] = useState<'recharge' | 'profile' | null>(null);
  const [accountText, setAccountText] = useState('');
  const [query, setQuery] = useState<{ account_id?: number }>(NONE);
  const data = useAnalysis(query);
  const colors = useChartColors();
  const d = data.result;
  const labels = useMemo(() => (d ? d.days.map((day) => day.slice(5)) : []), [d]);
  if (!user) return <PageLoading />;

  const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
  const none = (values: number[]) => values.every((v) => v === 0);
  const [c0, c1, c2, c3, c4] = colors.series;
  // Both doughnuts (spending by reason, top-ups by channel) keep their legend on the right.
  const doughnut = (data: ChartData<'doughnut'>) => (
    <Doughnut
      data={data}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { position: 'right', labels: { color: colors.text, boxWidth: 12 } } },
      }}
    />
  );
  // A doughnut of shares (spending by reason, top-ups by channel): each named in its catalog, empty without any.
  const shares = (rows: { name: string; points: number }[], catalog: 'reasons' | 'channels', palette: string[]) => ({
    empty: rows.length === 0,
    data: {
      labels: rows.map((r) => t(`dashboard.analysis.${catalog}.${r.name}`, { defaultValue: r.name })),
      datasets: [{ data: rows.map((r) => r.points), backgroundColor: palette, borderWidth: 0 }],
    },
  });
  // Series of one figure a day over the 30 days: empty while every one of them is all zeros.
  const daily = <Dataset extends { data: number[] }>(datasets: Dataset[]) => ({
    empty: datasets.every((series) => none(series.data)),
    data: { labels, datasets },
  });
  const line = (label: string, values: number[], color: string, fill = false) => ({
    label,
    data: values,
    borderColor: color,
    backgroundColor: fill ? `${color}33` : color,
    fill,
    tension: 0.3,
    pointRadius: 0,
    borderWidth: 2,
  });
  // What the balance buys at current prices (known once the figures arrive).
  const articleCost = d ? d.prices.article : 0;
  const closeDialog = () => setDialog(null);
  const reloadUser = () => session.send({ type: 'USER.RELOAD' });
  const withImages = d ? d.prices.article + d.prices.image * d.prices.images_per_article : 0;

  return (
    <Stack gap="4">
      <WelcomeCard user={user} onEdit={() => setDialog('profile')} />
      <ModelNotice />
      {administrator && (
        <Card.Root variant="outline" bg="bg.panel" size="sm">
          <Card.Body>
            <form
              aria-label={t('dashboard.analysis.scope.label')}
              onSubmit={(event) => {
                event.preventDefault();
                const id = Number(accountText);
                setQuery(Number.isInteger(id) && id > 0 ? { account_id: id } : NONE);
              }}
            >
              <Flex gap="3" align="center" wrap="wrap">
                <Text textStyle="sm" fontWeight="medium">
                  {d?.scope === 'account' ? t('dashboard.analysis.scope.account', { id: d.account_id }) : t('dashboard.analysis.scope.all')}
                </Text>
                <Input
                  size="sm"
                  width="40"
                  inputMode="numeric"
                  placeholder={t('dashboard.analysis.scope.placeholder')}
                  aria-label={t('dashboard.analysis.scope.placeholder')}
                  value={accountText}
                  onChange={(e) => setAccountText(e.target.value)}
                />
                <Button size="sm" type="submit" variant="outline">
                  {t('dashboard.analysis.scope.apply')}
                </Button>
              </Flex>
            </form>
          </Card.Body>
        </Card.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <StatCard
          label={t('dashboard.analysis.points')}
          value={<span data-testid="points-balance">{user.points.toLocaleString(locale)}</span>}
          hint={t('dashboard.analysis.recharge.buys', {
            articles: articleCost ? Math.floor(user.points / articleCost).toLocaleString(locale) : '…',
            illustrated: withImages ? Math.floor(user.points / withImages).toLocaleString(locale) : '…',
          })}
          icon={<Coins size={22} />}
          palette="brand"
          action={
            canTopUp && (
              <Button size="xs" colorPalette="brand" onClick={() => setDialog('recharge')}>
                {t('dashboard.analysis.topUp')}
              </Button>
            )
          }
        />
        <StatCard
          label={t('dashboard.analysis.authenticator')}
          value={t(user.isBindGoogle ? 'dashboard.analysis.authenticatorOn' : 'dashboard.analysis.authenticatorOff')}
          hint={t(user.isBindGoogle ? 'dashboard.analysis.authenticatorOnHint' : 'dashboard.analysis.authenticatorOffHint')}
          icon={user.isBindGoogle ? <ShieldCheck size={22} /> : <ShieldAlert size={22} />}
          palette={user.isBindGoogle ? 'green' : 'orange'}
          action={
            user.isBindGoogle ? null : (
              <Button size="xs" variant="subtle" colorPalette="orange" onClick={() => setBinding(true)}>
                {t('dashboard.analysis.bindNow')}
              </Button>
            )
          }
        />
      </SimpleGrid>
      <FailureAlert failure={data.error} />
      {!d ? (
        <PageLoading />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
            {GROWTH_CARDS.map(({ label, field, Icon, palette, testId }) => (
              <GrowthCard
                key={field}
                label={t(label)}
                growth={d.growth[field]}
                icon={<Icon size={22} />}
                palette={palette}
                testId={testId}
              />
            ))}
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <ChartCard
              name="spend"
              title={t('dashboard.analysis.charts.spendByReason')}
              height="40"
              {...shares(d.spend_by_reason, 'reasons', colors.series)}
            >
              {doughnut}
            </ChartCard>
            <ChartCard
              name="channels"
              title={t('dashboard.analysis.charts.topupsByChannel')}
              height="40"
              {...shares(d.topups_by_channel, 'channels', [c2, c3, c1, c0])}
            >
              {doughnut}
            </ChartCard>
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <ChartCard
              name="points"
              title={t('dashboard.analysis.charts.points')}
              {...daily([
                line(t('dashboard.analysis.charts.pointsIn'), d.series.points_in, c1, true),
                line(t('dashboard.analysis.charts.pointsOut'), d.series.points_out, c4, true),
              ])}
            >
              {(data) => <Line data={data} options={axes(colors)} />}
            </ChartCard>
            <ChartCard
              name="content"
              title={t('dashboard.analysis.charts.content')}
              {...daily([
                { label: t('dashboard.analysis.charts.generated'), data: d.series.generated, backgroundColor: c0 },
                { label: t('dashboard.analysis.charts.published'), data: d.series.published, backgroundColor: c1 },
                { label: t('dashboard.analysis.charts.failed'), data: d.series.failed, backgroundColor: c4 },
              ])}
            >
              {(data) => <Bar data={data} options={axes(colors)} />}
            </ChartCard>
            <ChartCard
              name="seo"
              title={t('dashboard.analysis.charts.seo')}
              empty={none(d.seo_bands)}
              data={{
                labels: ['0–19', '20–39', '40–59', '60–79', '80–100'],
                datasets: [
                  {
                    label: t('dashboard.analysis.charts.articles'),
                    data: d.seo_bands,
                    backgroundColor: [c4, c2, c3, c0, c1],
                    maxBarThickness: 48,
                  },
                ],
              }}
            >
              {(data) => <Bar data={data} options={{ ...axes(colors), plugins: { legend: { display: false } } }} />}
            </ChartCard>
            <ChartCard
              name="sites"
              title={t('dashboard.analysis.charts.topSites')}
              empty={d.top_sites.length === 0}
              data={{
                labels: d.top_sites.map((s) => s.name),
                datasets: [
                  {
                    label: t('dashboard.analysis.charts.articles'),
                    data: d.top_sites.map((s) => s.articles),
                    backgroundColor: c3,
                    maxBarThickness: 32,
                  },
                ],
              }}
            >
              {(data) => (
                <Bar data={data} options={{ ...axes(colors), indexAxis: 'y' as const, plugins: { legend: { display: false } } }} />
              )}
            </ChartCard>
            <ChartCard
              name="visits"
              title={t('dashboard.analysis.charts.visits')}
              {...daily([
                line(t('dashboard.analysis.charts.signIns'), d.series.sign_ins, c0, true),
                line(t('dashboard.analysis.charts.apiCalls'), d.series.api_calls, c2),
              ])}
            >
              {(data) => <Line data={data} options={axes(colors)} />}
            </ChartCard>
          </SimpleGrid>
        </>
      )}
      <BindAuthenticatorDialog open={binding} onClose={() => setBinding(false)} />
      <Suspense fallback={null}>
        {dialog === 'recharge' && <RechargeDialog open onClose={closeDialog} onCredited={reloadUser} />}
        {dialog === 'profile' && <ProfileDialog open user={user} onClose={closeDialog} onSaved={reloadUser} />}
      </Suspense>
    </Stack>
  );
}
