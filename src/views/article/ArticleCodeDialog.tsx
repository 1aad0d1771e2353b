import { Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/feedback/FormDialog';
import { ArticleCodeBlocks } from './ArticleCodeBlocks';

/** What to paste into a page: the article's HTML and its JSON-LD, each with a copy button. */
export function ArticleCodeDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const { t } = useTranslation('article');
  return (
    <FormDialog open onClose={onClose} title={t('article.code.title')} size="lg">
      <Dialog.Body>
        <ArticleCodeBlocks articleId={articleId} />
      </Dialog.Body>
    </FormDialog>
  );
}
