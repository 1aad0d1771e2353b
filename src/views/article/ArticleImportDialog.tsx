import { useState } from 'react';
import { Button, Dialog, FileUpload, Stack, Text } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import { useImportArticles } from './api';

/** Import Markdown or HTML files as draft articles. */
export function ArticleImportDialog({
  open,
  sites,
  onClose,
  onSaved,
}: {
  open: boolean;
  sites: Site[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('article');
  const [files, setFiles] = useState<File[]>([]);
  const [siteId, setSiteId] = useState('');
  const submission = useImportArticles({
    onSucceeded: (imported) => {
      toaster.success({ title: t('article.import.done', { count: imported.length }) });
      setFiles([]);
      onSaved();
    },
  });

  return (
    <FormDialog open={open} onClose={onClose} title={t('article.import.title')} size="md">
      <Dialog.Body>
        <Stack gap="4">
          <FailureAlert failure={submission.error} />
          <FileUpload.Root
            maxFiles={20}
            translations={{
              dropzone: t('article.import.dropzone'),
              itemPreview: (file) => t('article.import.preview', { name: file.name }),
              deleteFile: (file) => t('article.import.remove', { name: file.name }),
            }}
            accept={['.md', '.markdown', '.html', '.htm', 'text/markdown', 'text/html']}
            onFileChange={(details) => setFiles(details.acceptedFiles)}
          >
            <FileUpload.HiddenInput aria-label={t('article.import.choose')} />
            <FileUpload.Dropzone width="full">
              <FileUp />
              <FileUpload.DropzoneContent>
                <Text>{t('article.import.drop')}</Text>
                <Text color="fg.muted" textStyle="xs">
                  {t('article.import.hint')}
                </Text>
              </FileUpload.DropzoneContent>
            </FileUpload.Dropzone>
            <FileUpload.List />
          </FileUpload.Root>
          <SelectField
            label={t('article.fields.site')}
            name="site_id"
            value={siteId}
            onValueChange={setSiteId}
            blank={t('article.form.noSite')}
            options={sites.map((site) => ({ value: String(site.id), label: site.name }))}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancelText')}
        </Button>
        <Button
          colorPalette="brand"
          disabled={files.length === 0}
          loading={submission.state === 'submitting'}
          onClick={() => submission.submit({ files, siteId: siteId ? Number(siteId) : null })}
        >
          {t('article.import.start')}
        </Button>
      </Dialog.Footer>
    </FormDialog>
  );
}
