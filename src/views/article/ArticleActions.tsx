import { useEffect, useEffectEvent } from 'react';
import { HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Code, Ellipsis, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/schemas/article';
import type { ListActor } from '../../app/useListActor';
import { useFormSubmission } from '../../app/useFormSubmission';
import { articleEdit } from '../../services/api/article';

/** An article row's actions: details, code, and edit / mark ready / delete in a menu. */
export function ArticleActions({ article, list }: { article: ArticleSummary; list: ListActor }) {
  const { t } = useTranslation('article');
  const open = (name: string) => list.send({ type: 'DIALOG.OPEN', name, row: article });
  const status = useFormSubmission(articleEdit);
  const show = useEffectEvent(() => {
    if (status.result) list.send({ type: 'LIST.RELOAD' });
  });
  useEffect(() => show(), [status.result]);
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton size="xs" variant="ghost" aria-label={t('article.actions.detail', { title: article.title })} title={t('article.actions.detailShort')} onClick={() => open('detail')}>
        <Eye />
      </IconButton>
      <IconButton size="xs" variant="ghost" aria-label={t('article.actions.code', { title: article.title })} title={t('article.actions.codeShort')} onClick={() => open('code')}>
        <Code />
      </IconButton>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={t('article.actions.more', { title: article.title })}>
            <Ellipsis />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="edit" onSelect={() => open('edit')}>
                {t('article.actions.edit')}
              </Menu.Item>
              {article.status === 'draft' && (
                <Menu.Item value="ready" onSelect={() => status.submit({ id: article.id, status: 'ready' })}>
                  {t('article.actions.markReady')}
                </Menu.Item>
              )}
              {article.status === 'ready' && (
                <Menu.Item value="draft" onSelect={() => status.submit({ id: article.id, status: 'draft' })}>
                  {t('article.actions.markDraft')}
                </Menu.Item>
              )}
              <Menu.Item value="delete" color="fg.error" onSelect={() => list.send({ type: 'DELETE.REQUEST', row: article })}>
                {t('article.actions.delete')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}
