import type { Prompt, PromptKind } from '../../../contract/schemas/prompt';
import { useCall, type HandlersOf } from '../../app/useCall';
import { promptAdd, promptDel, promptEdit, promptList, promptPreview } from '../../services/api/prompt';

/** The account's templates, a page at a time; a removed row is a deleted template. */
export const promptRows = {
  fetchPage: ({ page, page_size }: { page: number; page_size: number }) => promptList({ page, page_size }),
  removeRow: (prompt: Prompt) => promptDel(prompt.id),
};

/** A new template (of a kind) or an edit of one (whose kind stays). */
const savePrompt = ({ id, values }: { id: number | null; values: { kind: string; name: string; content: string } }) =>
  id
    ? promptEdit({ id, name: values.name, content: values.content })
    : promptAdd({ kind: values.kind as PromptKind, name: values.name, content: values.content });

export const useSavePrompt = (handlers?: HandlersOf<typeof savePrompt>) => useCall(savePrompt, handlers);

export const usePreviewPrompt = () => useCall(promptPreview);
