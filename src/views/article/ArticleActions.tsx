import { HStack, IconButton } from '@chakra-ui/react';
import { Code, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '../../../contract/schemas/article';
import type { ListActor } from '../../app/useListActor';
import { RowMenu } from '../../components/table/RowMenu';
import { useEditArticle } from './api';
import { useCan } from '../../app/useCan';
import type { ArticleDialog } from './articleDialog';

/** An article row's actions: details, code, and edit / mark ready / delete in a menu. */
export function ArticleActions({ article, list }: { article: ArticleSummary; list: ListActor<ArticleSummary, ArticleDialog> }) {
  const { t } = useTranslation('article');
  const open = (name: 'detail' | 'code' | 'edit' | 'publish') => list.send({ type: 'DIALOG.OPEN', dialog: { name, row: article } });
  const status = useEditArticle({ onSucceeded: () => list.send({ type: 'LIST.RELOAD' }) });
  const can = useCan();
  const edit = can('article:edit');
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('article.actions.detail', { title: article.title })}
        title={t('article.actions.detailShort')}
        onClick={() => open('detail')}
      >
        <Eye />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('article.actions.code', { title: article.title })}
        title={t('article.actions.codeShort')}
        onClick={() => open('code')}
      >
        <Code />
      </IconButton>
      {(edit || can('article:del')) && (
        <RowMenu
          label={t('article.actions.more', { title: article.title })}
          items={[
            ...(edit ? [{ value: 'edit', label: t('article.actions.edit'), onSelect: () => open('edit') }] : []),
            ...(edit && article.status === 'draft'
              ? [
                  {
                    value: 'ready',
                    label: t('article.actions.markReady'),
                    onSelect: () => status.submit({ id: article.id, status: 'ready' }),
                  },
                ]
              : []),
            ...(edit && article.status === 'ready'
              ? [
                  {
                    value: 'draft',
                    label: t('article.actions.markDraft'),
                    onSelect: () => status.submit({ id: article.id, status: 'draft' }),
                  },
                ]
              : []),
            ...(can('task:add') ? [{ value: 'publish', label: t('publishing.actions.publish'), onSelect: () => open('publish') }] : []),
            ...(can('article:del')
              ? [
                  {
                    value: 'delete',
                    label: t('article.actions.delete'),
                    danger: true,
                    onSelect: () => list.send({ type: 'DELETE.REQUEST', row: article }),
                  },
                ]
              : []),
          ]}
        />
      )}
    </HStack>
  );
}
