import { useState } from 'react';
import { Badge, Button, Checkbox, Dialog, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/schemas/article';
import type { ArticleBulkRefresh } from '../../../contract/schemas/articleRefresh';
import { useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import { DialogFormFooter } from '../../components/form/DialogFormFooter';
import { FailureAlert } from '../../components/form/FailureAlert';
import { TextField } from '../../components/form/TextField';
import { QuoteSummary } from '../../components/points/QuoteSummary';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import type { ListFilters } from '../../machines/list.machine';
import { refreshCandidateRows, refreshingRows, useRefreshArticles, useRefreshQuote } from './api';
import { SeoScoreBadge } from './SeoScoreBadge';

type PickBy = 'age' | 'score' | 'hand';
const PICKS: PickBy[] = ['age', 'score', 'hand'];
const PAGE = { pageSize: 10 };

/** The published articles a way of picking lists: unchanged for `days`, scoring at most `score`, or all of them. */
const filtersOf = (pick: PickBy, days: string, score: string): ListFilters =>
  pick === 'age' && Number(days) >= 1
    ? { older_than_days: Number(days) }
    : pick === 'score' && score !== '' && Number(score) >= 0
      ? { max_seo_score: Number(score) }
      : {};

/**
 * Refreshing several published articles: picked by age, by a low SEO score or by hand, with what
 * the selection costs; confirmed, each one is queued, and the dialog follows them until all ended.
 */
export function ArticleBulkRefreshDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('article');
  const [pick, setPick] = useState<PickBy>('age');
  const [days, setDays] = useState('180');
  const [score, setScore] = useState('60');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const list = useListActor<ArticleSummary>(refreshCandidateRows, { ...PAGE, filters: filtersOf('age', '180', '60') });
  const rows = useSelector(list, (state) => state.context.rows);
  const price = useRefreshQuote(chosen.size ? { count: chosen.size } : null);
  const refresh = useRefreshArticles();

  const choose = (next: { pick?: PickBy; days?: string; score?: string }) => {
    const state = { pick, days, score, ...next };
    setPick(state.pick);
    setDays(state.days);
    setScore(state.score);
    setChosen(new Map());
    list.send({ type: 'LIST.FILTER', filters: filtersOf(state.pick, state.days, state.score) });
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
    <FormDialog open onClose={onClose} title={t('article.bulkRefresh.title')} size="xl">
      <Dialog.Body>
        {refresh.result ? (
          <BulkRefreshProgress queued={refresh.result} />
        ) : (
          <Stack gap="3">
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
              {pick === 'age' && (
                <TextField
                  label={t('article.bulkRefresh.days')}
                  name="older_than_days"
                  type="number"
                  min={1}
                  max={3650}
                  width="40"
                  value={days}
                  onValueChange={(value) => choose({ days: value })}
                />
              )}
              {pick === 'score' && (
                <TextField
                  label={t('article.bulkRefresh.score')}
                  name="max_seo_score"
                  type="number"
                  min={0}
                  max={100}
                  width="40"
                  value={score}
                  onValueChange={(value) => choose({ score: value })}
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
            <QuoteSummary view={price} what="refresh" />
            <FailureAlert failure={refresh.error} />
          </Stack>
        )}
      </Dialog.Body>
      <DialogFormFooter
        onCancel={onClose}
        readOnly={Boolean(refresh.result)}
        submitting={refresh.state === 'submitting'}
        disabled={chosen.size === 0}
        submitLabel={t('article.bulkRefresh.action', { count: chosen.size })}
        onConfirm={() => refresh.submit({ ids: [...chosen.keys()] })}
      />
    </FormDialog>
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
