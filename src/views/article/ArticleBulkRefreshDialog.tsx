import { useState } from 'react';
import { Badge, Button, Checkbox, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/schemas/article';
import type { ArticleBulkRefresh } from '../../../contract/schemas/articleRefresh';
import { useListActor } from '../../app/useListActor';
import { TextField } from '../../components/form/TextField';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import type { ListFilters } from '../../machines/list.machine';
import { refreshCandidateRows, refreshingRows, useRefreshArticles } from './api';
import { PaidRefreshDialog } from './PaidRefreshDialog';
import { SeoScoreBadge } from './SeoScoreBadge';

/** Picking by age or by score asks for a bound: the list filter it sets, its field's label and range. */
const BOUNDS = {
  age: { filter: 'older_than_days', label: 'article.bulkRefresh.days', min: 1, max: 3650 },
  score: { filter: 'max_seo_score', label: 'article.bulkRefresh.score', min: 0, max: 100 },
} as const;
type Bounds = Record<keyof typeof BOUNDS, string>;
type PickBy = keyof typeof BOUNDS | 'hand';
const PICKS: PickBy[] = ['age', 'score', 'hand'];
const FIRST_BOUNDS: Bounds = { age: '180', score: '60' };
const PAGE = { pageSize: 10 };

/** The published articles a way of picking lists: unchanged for some days, scoring at most some score, or all of them. */
function filtersOf(pick: PickBy, bounds: Bounds): ListFilters {
  if (pick === 'hand') return {};
  const { filter, min } = BOUNDS[pick];
  const bound = bounds[pick];
  return bound !== '' && Number(bound) >= min ? { [filter]: Number(bound) } : {};
}

/**
 * Refreshing several published articles: picked by age, by a low SEO score or by hand, with what
 * the selection costs; confirmed, each one is queued, and the dialog follows them until all ended.
 */
export function ArticleBulkRefreshDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('article');
  const [pick, setPick] = useState<PickBy>('age');
  const [bounds, setBounds] = useState(FIRST_BOUNDS);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const list = useListActor<ArticleSummary>(refreshCandidateRows, { ...PAGE, filters: filtersOf('age', FIRST_BOUNDS) });
  const rows = useSelector(list, (state) => state.context.rows);
  const refresh = useRefreshArticles();

  const choose = (next: { pick?: PickBy; bounds?: Bounds }) => {
    const state = { pick, bounds, ...next };
    setPick(state.pick);
    setBounds(state.bounds);
    setChosen(new Map());
    list.send({ type: 'LIST.FILTER', filters: filtersOf(state.pick, state.bounds) });
  };
  const toggle = (row: ArticleSummary, on: boolean) =>
    setChosen((before) => {
      const after = new Map(before);
      if (on) after.set(row.id, row.title);
      else after.delete(row.id);
      return after;
    });
  const allShown = rows.length > 0 && rows.every((row) => chosen.has(row.id));

  const columns: Column<ArticleSummary>[] = [
    {
      key: 'pick',
      header: t('article.bulkRefresh.choose'),
      render: (row) => (
        <Checkbox.Root
          checked={chosen.has(row.id)}
          disabled={row.refreshing}
          onCheckedChange={(details) => toggle(row, details.checked === true)}
          aria-label={row.title}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    {
      key: 'title',
      header: t('article.fields.title'),
      render: (row) => (
        <HStack gap="2">
          <Text textStyle="sm">{row.title}</Text>
          {row.refreshing && <Badge colorPalette="blue">{t('article.bulkRefresh.refreshing')}</Badge>}
        </HStack>
      ),
    },
    { key: 'seo', header: t('article.fields.seo'), render: (row) => <SeoScoreBadge score={row.seo_score} /> },
    { key: 'updated', header: t('article.bulkRefresh.changed'), render: (row) => <Text whiteSpace="nowrap">{row.updated_at}</Text> },
  ];

  return (
    <PaidRefreshDialog
      title={t('article.bulkRefresh.title')}
      size="xl"
      count={chosen.size}
      refresh={refresh}
      submitLabel={t('article.bulkRefresh.action', { count: chosen.size })}
      onConfirm={() => refresh.submit({ ids: [...chosen.keys()] })}
      onClose={onClose}
      queued={refresh.result && <BulkRefreshProgress queued={refresh.result} />}
    >
      <Text textStyle="sm">{t('article.bulkRefresh.text')}</Text>
      <HStack gap="3" align="end" wrap="wrap">
        <NativeSelect.Root width="56">
          <NativeSelect.Field
            aria-label={t('article.bulkRefresh.pickBy')}
            value={pick}
            onChange={(event) => choose({ pick: event.target.value as PickBy })}
          >
            {PICKS.map((p) => (
              <option key={p} value={p}>
                {t(`article.bulkRefresh.pick.${p}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {pick !== 'hand' && (
          <TextField
            key={pick}
            label={t(BOUNDS[pick].label)}
            name={BOUNDS[pick].filter}
            type="number"
            min={BOUNDS[pick].min}
            max={BOUNDS[pick].max}
            width="40"
            value={bounds[pick]}
            onValueChange={(value) => choose({ bounds: { ...bounds, [pick]: value } })}
          />
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={rows.length === 0}
          onClick={() => rows.filter((row) => !row.refreshing).forEach((row) => toggle(row, !allShown))}
        >
          {allShown ? t('article.bulkRefresh.noneShown') : t('article.bulkRefresh.allShown')}
        </Button>
      </HStack>
      <ListTable
        list={list}
        label={t('article.bulkRefresh.title')}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t('article.bulkRefresh.empty')}
      />
      <Text textStyle="sm">{t('article.bulkRefresh.chosen', { count: chosen.size })}</Text>
    </PaidRefreshDialog>
  );
}

/** The refreshes queued, followed until none is running: each one ended is refreshed, or refunded with a notice. */
function BulkRefreshProgress({ queued }: { queued: ArticleBulkRefresh }) {
  const { t } = useTranslation('article');
  const list = useListActor<ArticleSummary>(refreshingRows, PAGE);
  const loaded = useSelector(list, (state) => state.context.loaded);
  const running = useSelector(list, (state) => state.context.total);
  const count = queued.queued.length;
  const ended = loaded ? Math.max(0, count - running) : 0;
  return (
    <Stack gap="2" role="status">
      <Text>{t('article.bulkRefresh.queued', { count })}</Text>
      {queued.skipped.length > 0 && <Text color="fg.muted">{t('article.bulkRefresh.skipped', { count: queued.skipped.length })}</Text>}
      <Text fontWeight="semibold">
        {ended >= count && loaded ? t('article.bulkRefresh.allEnded', { count }) : t('article.bulkRefresh.progress', { ended, count })}
      </Text>
    </Stack>
  );
}
