import { useState } from 'react';
import { Button, Dialog, HStack, Text } from '@chakra-ui/react';
import { Download, Pencil, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ArticleDetail } from '../../../contract/schemas/article';
import { useCan } from '../../app/useCan';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { DialogFormFooter } from '../../components/form/DialogFormFooter';
import { FailureAlert } from '../../components/form/FailureAlert';
import { ExportDialog } from '../../components/publishing/ExportDialog';
import { PublishingTaskForm } from '../../components/publishing/PublishingTaskForm';
import { useDeleteArticle, useSites } from './api';
import { ArticleFormDialog } from './ArticleFormDialog';
import { ArticleRefreshDialog } from './ArticleRefreshDialog';
import { ConsolePath } from '../../../contract/paths';

/**
 * What can be done with the article from its own page, as from its row: edit it, refresh it (a
 * published one), publish it to a site (any of the account's), export it, delete it; each only for a
 * role that may.
 */
export function ArticlePageActions({ article, onChanged }: { article: ArticleDetail; onChanged: () => void }) {
  const { t } = useTranslation(['article', 'publishing']);
  const can = useCan();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<'edit' | 'refresh' | 'publish' | 'export' | 'delete' | null>(null);
  const sites = useSites().result?.list ?? [];
  const close = () => setOpen(null);
  const removal = useDeleteArticle({
    onSucceeded: () => {
      toaster.success({ title: t('article.delete.done', { title: article.title }) });
      navigate(ConsolePath.article);
    },
  });
  const chosen = new Map([[article.id, article.title]]);
  return (
    <HStack gap="2" wrap="wrap">
      {can('article:edit') && (
        <Button size="sm" variant="outline" onClick={() => setOpen('edit')}>
          <Pencil /> {t('article.actions.edit')}
        </Button>
      )}
      {can('article:edit') && article.status === 'published' && (
        <Button size="sm" variant="outline" onClick={() => setOpen('refresh')}>
          <RefreshCw /> {t('article.refresh.action')}
        </Button>
      )}
      {can('task:add') && (
        <Button size="sm" variant="outline" onClick={() => setOpen('publish')}>
          <Send /> {t('publishing.actions.publish')}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setOpen('export')}>
        <Download /> {t('publishing.actions.export')}
      </Button>
      {can('article:del') && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen('delete')}>
          <Trash2 /> {t('article.actions.delete')}
        </Button>
      )}
      <ArticleFormDialog
        open={open === 'edit'}
        articleId={article.id}
        sites={sites}
        onClose={close}
        onSaved={() => {
          close();
          onChanged();
        }}
      />
      {open === 'refresh' && (
        <ArticleRefreshDialog
          article={article}
          onClose={close}
          onRefreshed={() => {
            close();
            onChanged();
          }}
        />
      )}
      <FormDialog open={open === 'publish'} onClose={close} title={t('publishing.form.title')} size="lg">
        {open === 'publish' && <PublishingTaskForm sites={sites} articles={chosen} onCancel={close} onStarted={close} />}
      </FormDialog>
      {open === 'export' && <ExportDialog sites={sites} articles={chosen} onClose={close} />}
      <FormDialog open={open === 'delete'} onClose={close} title={t('article.delete.title')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            removal.submit(article.id);
          }}
          aria-label={t('article.delete.title')}
          noValidate
        >
          <Dialog.Body>
            <Text>{t('article.delete.text', { title: article.title })}</Text>
            <FailureAlert failure={removal.error} />
          </Dialog.Body>
          <DialogFormFooter onCancel={close} submitting={removal.state === 'submitting'} submitLabel={t('article.actions.delete')} />
        </form>
      </FormDialog>
    </HStack>
  );
}
