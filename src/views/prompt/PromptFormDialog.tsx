import { useTranslation } from 'react-i18next';
import type { Prompt } from '../../../contract/schemas/prompt';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PromptForm } from './PromptForm';

/** Add or edit a prompt template (a built-in one opens read-only). */
export function PromptFormDialog({
  open,
  prompt,
  onClose,
  onSaved,
}: {
  open: boolean;
  prompt: Prompt | null;
  onClose: () => void;
  onSaved: (prompt: Prompt) => void;
}) {
  const { t } = useTranslation('prompt');
  const title = prompt?.built_in ? 'prompt.form.viewTitle' : prompt ? 'prompt.form.editTitle' : 'prompt.form.addTitle';
  return (
    <FormDialog open={open} onClose={onClose} title={t(title)} size="lg">
      <PromptForm prompt={prompt} onCancel={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}
