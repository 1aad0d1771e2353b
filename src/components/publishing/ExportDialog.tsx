import { useState } from 'react';
import { Dialog, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ExportQuery } from '../../../contract/schemas/publishExport';
import { FormDialog } from '../feedback/FormDialog';
import { toaster } from '../feedback/toaster';
import { DialogFormFooter } from '../form/DialogFormFooter';
import { FailureAlert } from '../form/FailureAlert';
import { SelectField } from '../form/SelectField';
import { useExportArticles } from './api';
import { ArticlesField } from './ArticlesField';
import type { Site } from '../../../contract/schemas/site';

interface ExportDialogProps {
  /** Export this publishing task's articles; without it, the articles chosen in the picker. */
  task?: { id: number; name: string; total: number };
  /** The account's sites, for the article picker's site filter. */
  sites: readonly Site[];
  /** Articles chosen before the dialog opened (an article's own page). */
  articles?: Map<number, string>;
  onClose: () => void;
}

/**
 * Export: the chosen articles (or a publishing task's) downloaded as a ZIP of HTML and Markdown
 * pages with their images, or as a WordPress WXR file for Tools → Import → WordPress (posts as
 * drafts or published).
 */
export function ExportDialog({ task, sites, articles, onClose }: ExportDialogProps) {
  const { t } = useTranslation('publishing');
  const submission = useExportArticles({
    onSucceeded: () => {
      toaster.success({ title: t('publishing.export.downloaded') });
      onClose();
    },
  });
  const [format, setFormat] = useState<ExportQuery['format']>('zip');
  const [postStatus, setPostStatus] = useState<'draft' | 'publish'>('draft');
  const [chosen, setChosen] = useState(() => articles ?? new Map<number, string>());
  const [noArticles, setNoArticles] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!task && chosen.size === 0) return setNoArticles(true);
    submission.submit({
      format,
      ...(task ? { task_id: task.id } : { article_ids: [...chosen.keys()].join(',') }),
      ...(format === 'wxr' ? { post_status: postStatus } : {}),
    });
  };

  return (
    <FormDialog open onClose={onClose} title={t('publishing.export.title')}>
      <form onSubmit={submit} noValidate aria-label={t('publishing.export.title')}>
        <Dialog.Body>
          <Stack gap="4">
            <FailureAlert failure={submission.error} />
            <ArticlesField
              sites={sites}
              chosen={chosen}
              onChosen={setChosen}
              missing={noArticles}
              given={task && t('publishing.export.ofTask', { name: task.name, count: task.total })}
              testId="export-articles"
            />
            <SelectField
              label={t('publishing.export.format')}
              name="format"
              value={format}
              onValueChange={(value) => setFormat(value as ExportQuery['format'])}
              options={[
                { value: 'zip', label: t('publishing.export.zip') },
                { value: 'wxr', label: t('publishing.export.wxr') },
              ]}
              helperText={t(format === 'zip' ? 'publishing.export.zipHint' : 'publishing.export.wxrHint')}
            />
            {format === 'wxr' && (
              <SelectField
                label={t('publishing.export.postStatus')}
                name="post_status"
                value={postStatus}
                onValueChange={(value) => setPostStatus(value as 'draft' | 'publish')}
                options={[
                  { value: 'draft', label: t('publishing.postStatus.draft') },
                  { value: 'publish', label: t('publishing.postStatus.publish') },
                ]}
              />
            )}
          </Stack>
        </Dialog.Body>
        <DialogFormFooter onCancel={onClose} submitting={submission.state === 'submitting'} submitLabel={t('publishing.export.download')} />
      </form>
    </FormDialog>
  );
}
