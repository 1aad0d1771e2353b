import { Button, HStack, IconButton } from '@chakra-ui/react';
import { PlugZap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import type { ListActor } from '../../app/useListActor';
import { toaster } from '../../components/feedback/toaster';
import { RowMenu } from '../../components/table/RowMenu';
import { useTestSite } from './api';
import { useCan } from '../../app/useCan';
import type { SiteDialog } from './siteDialog';

/** A site row's actions: keywords, generate, test connection, and the rest in a menu. */
export function SiteActions({ site, list }: { site: Site; list: ListActor<Site, SiteDialog> }) {
  const { t } = useTranslation('site');
  const test = useTestSite({
    onSucceeded: ({ ok, message, latency_ms }) => {
      toaster.create({
        type: ok ? 'success' : 'error',
        title: t(ok ? 'site.test.connected' : 'site.test.failed'),
        description: `${message} (${latency_ms} ms)`,
      });
      list.send({ type: 'LIST.RELOAD' });
    },
    onFailed: (error) => toaster.error({ title: t('site.test.failed'), description: error.msg }),
  });
  const can = useCan();
  const open = (name: 'edit' | 'keywords' | 'categories' | 'links' | 'generate') =>
    list.send({ type: 'DIALOG.OPEN', dialog: { name, row: site } });

  return (
    <HStack gap="1" justify="flex-end">
      {can('site:edit') && (
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => open('keywords')}>
          {t('site.actions.keywords')}
        </Button>
      )}
      {can('article_task:add') && (
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => open('generate')}>
          {t('site.actions.generate')}
        </Button>
      )}
      {can('site:edit') && (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('site.actions.test')}
          title={t('site.actions.test')}
          loading={test.state === 'submitting'}
          onClick={() => test.submit(site.id)}
        >
          <PlugZap />
        </IconButton>
      )}
      {(can('site:edit') || can('site:del')) && (
        <RowMenu
          label={t('site.actions.more', { name: site.name })}
          items={[
            ...(can('site:edit') ? [{ value: 'edit', label: t('site.actions.edit'), onSelect: () => open('edit') }] : []),
            ...(can('site:edit') ? [{ value: 'categories', label: t('site.actions.categories'), onSelect: () => open('categories') }] : []),
            { value: 'links', label: t('site.actions.links'), onSelect: () => open('links') },
            ...(can('site:del')
              ? [
                  {
                    value: 'delete',
                    label: t('site.actions.delete'),
                    danger: true,
                    onSelect: () => list.send({ type: 'DELETE.REQUEST', row: site }),
                  },
                ]
              : []),
          ]}
        />
      )}
    </HStack>
  );
}
