import { useRef, useState } from 'react';
import { Button, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { Paperclip, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../contract/schemas/workorder';
import { WORKORDER_MAX_ATTACHMENTS } from '../../../contract/schemas/workorder';
import { uploadAttachment } from './api';
import { FailureAlert } from '../../components/form/FailureAlert';

/** Files for a work order: each goes through the upload call (its type checked by content there) as it is picked. */
export function AttachmentPicker({ value, onChange }: { value: Attachment[]; onChange: (next: Attachment[]) => void }) {
  const { t } = useTranslation('workorder');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: number; msg: string } | null>(null);
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    const added: Attachment[] = [];
    for (const file of [...files].slice(0, WORKORDER_MAX_ATTACHMENTS - value.length)) {
      try {
        const done = await uploadAttachment(file);
        added.push({ url: done.url, name: done.name, size: done.size, mime: done.mime });
      } catch (failure) {
        const refused = failure as { code?: number; msg?: string };
        setError({ code: refused.code ?? -1, msg: refused.msg || String(failure) });
      }
    }
    onChange([...value, ...added]);
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  return (
    <Stack gap="2">
      <Text textStyle="sm" fontWeight="medium">
        {t('workorder.fields.attachments')}
      </Text>
      <input ref={input} type="file" multiple hidden data-testid="workorder-file" onChange={(event) => void pick(event.target.files)} />
      <HStack>
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          loadingText={t('workorder.uploading')}
          disabled={value.length >= WORKORDER_MAX_ATTACHMENTS}
          onClick={() => input.current?.click()}
        >
          <Paperclip /> {t('workorder.actions.attach')}
        </Button>
        <Text textStyle="xs" color="fg.muted">
          {value.length}/{WORKORDER_MAX_ATTACHMENTS}
        </Text>
      </HStack>
      {error && <FailureAlert failure={error} />}
      <Wrap gap="2">
        {value.map((file) => (
          <HStack key={file.url} gap="1" borderWidth="1px" rounded="md" px="2" py="1">
            <Text textStyle="xs">{file.name}</Text>
            <Button
              size="2xs"
              variant="ghost"
              aria-label={t('workorder.actions.remove')}
              onClick={() => onChange(value.filter((f) => f.url !== file.url))}
            >
              <X />
            </Button>
          </HStack>
        ))}
      </Wrap>
    </Stack>
  );
}

/** A message's files: images as thumbnails, others as links. */
export function AttachmentList({ files }: { files: Attachment[] }) {
  if (!files.length) return null;
  return (
    <Wrap gap="2" mt="2">
      {files.map((file) =>
        file.mime.startsWith('image/') && file.mime !== 'image/svg+xml' ? (
          <Link key={file.url} href={file.url} target="_blank" rel="noopener">
            <img
              src={file.url}
              alt={file.name}
              style={{ maxHeight: 120, maxWidth: 200, borderRadius: 6, border: '1px solid var(--chakra-colors-border)' }}
            />
          </Link>
        ) : (
          <Link key={file.url} href={file.url} target="_blank" rel="noopener" textStyle="sm" colorPalette="brand">
            <Paperclip size={14} /> {file.name}
          </Link>
        ),
      )}
    </Wrap>
  );
}
