import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Dialog, HStack, IconButton, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FileUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Keyword, KeywordAddResult, Site } from '../../../contract/schemas/site';
import { useListActor } from '../../app/useListActor';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { TextAreaField } from '../../components/form/TextAreaField';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { keywordRowsOf, useAddKeywords, useImportKeywords } from './api';

/** The keyword list of one site with its paste box and file import. */
export function SiteKeywords({ site }: { site: Site }) {
  const { t } = useTranslation('site');
  const [services] = useState(() => keywordRowsOf(site.id));
  const list = useListActor<Keyword>(services, { pageSize: 10 });
  const context = useSelector(list, (state) => state.context);
  const [pasted, setPasted] = useState('');
  const [filter, setFilter] = useState('all');
  const announce = (result: KeywordAddResult) => {
    toaster.success({ title: t('site.keywords.added', result) });
    setPasted('');
    list.send({ type: 'LIST.RELOAD' });
  };
  const adding = useAddKeywords({ onSucceeded: announce });
  const importing = useImportKeywords({ onSucceeded: announce });
  const fileInput = useRef<HTMLInputElement>(null);

  const columns: Column<Keyword>[] = [
    { key: 'keyword', header: t('site.keywords.keyword'), render: (keyword) => keyword.keyword },
    {
      key: 'used',
      header: t('site.keywords.state'),
      render: (keyword) => (
        <Badge colorPalette={keyword.used ? 'gray' : 'green'}>{t(keyword.used ? 'site.keywords.used' : 'site.keywords.unused')}</Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (keyword) => (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('site.keywords.delete', { keyword: keyword.keyword })}
          onClick={() => list.send({ type: 'DELETE.REQUEST', row: keyword })}
        >
          <Trash2 />
        </IconButton>
      ),
    },
  ];
  const deleting = useSelector(list, (state) => state.hasTag('confirmingDelete'));
  useEffect(() => {
    // A keyword goes at once: the list's confirmation step is the row's own button.
    if (deleting) list.send({ type: 'DELETE.CONFIRM' });
  }, [deleting, list]);

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <FailureAlert failure={adding.error ?? importing.error ?? context.deleteError} />
          <TextAreaField
            label={t('site.keywords.paste')}
            name="keywords"
            rows={5}
            value={pasted}
            onValueChange={setPasted}
            placeholder={t('site.keywords.pastePlaceholder')}
            helperText={t('site.keywords.pasteHint')}
          />
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="2">
              <Button
                colorPalette="brand"
                size="sm"
                disabled={!pasted.trim()}
                loading={adding.state === 'submitting'}
                onClick={() => adding.submit({ site_id: site.id, keywords: pasted })}
              >
                {t('site.keywords.add')}
              </Button>
              <Button size="sm" variant="outline" loading={importing.state === 'submitting'} onClick={() => fileInput.current?.click()}>
                <FileUp /> {t('site.keywords.import')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                hidden
                aria-label={t('site.keywords.import')}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) importing.submit({ siteId: site.id, file });
                  event.target.value = '';
                }}
              />
            </HStack>
            <SegmentGroup.Root
              size="sm"
              value={filter}
              onValueChange={(details) => {
                const value = details.value ?? 'all';
                setFilter(value);
                list.send({ type: 'LIST.FILTER', filters: value === 'all' ? {} : { used: value === 'used' ? 1 : 0 } });
              }}
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'all', label: t('site.keywords.all') },
                  { value: 'unused', label: t('site.keywords.unused') },
                  { value: 'used', label: t('site.keywords.used') },
                ]}
              />
            </SegmentGroup.Root>
          </HStack>
          <ListTable
            list={list}
            label={t('site.keywords.list')}
            columns={columns}
            rowKey={(keyword) => keyword.id}
            emptyText={t('site.keywords.empty')}
          />
          <Text textStyle="xs" color="fg.muted">
            {t('site.keywords.importHint')}
          </Text>
        </Stack>
      </Dialog.Body>
    </>
  );
}
