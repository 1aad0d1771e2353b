import { useState } from 'react';
import { Badge, Button, Dialog, HStack, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Category, Site } from '../../../contract/schemas/site';
import { useListActor } from '../../app/useListActor';
import { FailureAlert } from '../../components/form/FailureAlert';
import { TextField } from '../../components/form/TextField';
import { DataTable, type Column } from '../../components/table/DataTable';
import { categoryRowsOf, useAddCategory, useChooseDefaultCategory, useFetchCategories } from './api';

/** The categories of one site, with the default marked. */
export function SiteCategories({ site }: { site: Site }) {
  const { t } = useTranslation('site');
  const [services] = useState(() => categoryRowsOf(site.id));
  const list = useListActor<Category>(services, { pageSize: 100 });
  const context = useSelector(list, (state) => state.context);
  const loading = useSelector(list, (state) => state.hasTag('loading'));
  const [name, setName] = useState('');
  const [defaultId, setDefaultId] = useState(site.default_category_id);
  const reload = () => {
    setName('');
    list.send({ type: 'LIST.RELOAD' });
  };
  const adding = useAddCategory({ onSucceeded: reload });
  const fetching = useFetchCategories({ onSucceeded: reload });
  const choosing = useChooseDefaultCategory({ onSucceeded: (edited) => setDefaultId(edited.default_category_id) });

  const columns: Column<Category>[] = [
    {
      key: 'name',
      header: t('site.categories.name'),
      render: (category) => (
        <HStack gap="2">
          {category.name}
          {category.id === defaultId && <Badge colorPalette="brand">{t('site.categories.default')}</Badge>}
        </HStack>
      ),
    },
    { key: 'slug', header: t('site.categories.slug'), render: (category) => category.slug },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (category) =>
        category.id === defaultId ? null : (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={() => choosing.submit({ id: site.id, default_category_id: category.id })}
          >
            {t('site.categories.makeDefault')}
          </Button>
        ),
    },
  ];

  return (
    <Dialog.Body>
      <Stack gap="4">
        <FailureAlert failure={adding.error ?? fetching.error ?? choosing.error} />
        <HStack align="flex-end">
          <TextField label={t('site.categories.new')} name="category" value={name} onValueChange={setName} />
          <Button
            colorPalette="brand"
            disabled={!name.trim()}
            loading={adding.state === 'submitting'}
            onClick={() => adding.submit({ site_id: site.id, name: name.trim() })}
          >
            {t('site.categories.add')}
          </Button>
          {site.type === 'wordpress' && (
            <Button variant="outline" loading={fetching.state === 'submitting'} onClick={() => fetching.submit(site.id)}>
              <RefreshCw /> {t('site.categories.fetch')}
            </Button>
          )}
        </HStack>
        <DataTable
          label={t('site.categories.list')}
          columns={columns}
          rows={context.rows}
          rowKey={(category) => category.id}
          loading={loading}
          error={context.error}
          emptyText={t('site.categories.empty')}
        />
      </Stack>
    </Dialog.Body>
  );
}
