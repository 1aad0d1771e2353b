import { useState } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Attachment, WorkorderDetail } from '../../../contract/schemas/workorder';
import { useCall } from '../../app/useCall';
import { FailureAlert } from '../../components/form/FailureAlert';
import { AttachmentList, AttachmentPicker } from './Attachments';

export const STATUS_PALETTE: Record<string, string> = { open: 'blue', answered: 'green', closed: 'gray' };

export interface ThreadProps {
  detail: WorkorderDetail;
  /** Whose view: the author's, or the operator's. */
  asOperator: boolean;
  reply: (body: { id: number; body: string; attachments: string[] }) => Promise<WorkorderDetail>;
  close: (id: number) => Promise<WorkorderDetail>;
  reopen?: (id: number) => Promise<WorkorderDetail>;
  onChanged: (detail: WorkorderDetail) => void;
}

/** A work order's whole thread, oldest first, with the reply box and close / reopen. Bodies are text. */
export function WorkorderThread({ detail, asOperator, reply, close, reopen, onChanged }: ThreadProps) {
  const { t } = useTranslation('workorder');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const sending = useCall(reply, {
    onSucceeded: (next) => {
      setText('');
      setFiles([]);
      onChanged(next);
    },
  });
  const acting = useCall(
    (action: 'close' | 'reopen') =>
      action === 'close' ? close(detail.workorder.id) : (reopen as (id: number) => Promise<WorkorderDetail>)(detail.workorder.id),
    {
      onSucceeded: onChanged,
    },
  );
  const order = detail.workorder;
  const closed = order.status === 'closed';
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Header>
          <HStack gap="2" wrap="wrap">
            <Text color="fg.muted">#{order.id}</Text>
            <Badge colorPalette={STATUS_PALETTE[order.status]} data-testid="workorder-status">
              {t(`workorder.statuses.${order.status}`)}
            </Badge>
            <Badge variant="outline">{t(`workorder.categories.${order.category}`)}</Badge>
            {order.subject_type && (
              <Text textStyle="sm" color="fg.muted">
                {t(`workorder.subjects.${order.subject_type}`)}: {order.subject_name || `#${order.subject_id}`}
              </Text>
            )}
            {asOperator && (
              <Text textStyle="sm" color="fg.muted" data-testid="workorder-who">
                {t('workorder.fields.author')}: {order.author || '—'} · {t('workorder.fields.account')}: {order.username}
              </Text>
            )}
          </HStack>
          <Card.Title as="h2" mt="2" wordBreak="break-word">
            {order.title}
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="3" data-testid="workorder-thread">
            {detail.messages.map((message) => (
              <Box
                key={message.id}
                alignSelf={message.from_operator === asOperator ? 'flex-end' : 'flex-start'}
                maxW="85%"
                bg={message.from_operator ? 'brand.subtle' : 'bg.muted'}
                rounded="lg"
                px="3"
                py="2"
                data-from={message.from_operator ? 'operator' : 'user'}
              >
                <Text textStyle="xs" color="fg.muted" mb="1">
                  {message.from_operator
                    ? `${t('workorder.thread.operator')} · ${message.author}`
                    : asOperator
                      ? message.author
                      : t('workorder.thread.you')}{' '}
                  · {message.created_at}
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {message.body}
                </Text>
                <AttachmentList files={message.attachments} />
              </Box>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      {closed ? (
        <HStack justify="space-between" wrap="wrap">
          <Text color="fg.muted">
            {t('workorder.thread.closedNote')} {!asOperator && order.can_reopen ? t('workorder.thread.reopenNote') : ''}
          </Text>
          {!asOperator && order.can_reopen && reopen && (
            <Button variant="outline" loading={acting.state === 'submitting'} onClick={() => acting.submit('reopen')}>
              {t('workorder.actions.reopen')}
            </Button>
          )}
        </HStack>
      ) : (
        <Stack gap="3">
          <Textarea
            aria-label={t('workorder.thread.replyPlaceholder')}
            placeholder={t('workorder.thread.replyPlaceholder')}
            value={text}
            maxLength={10000}
            rows={4}
            onChange={(event) => setText(event.target.value)}
          />
          <AttachmentPicker value={files} onChange={setFiles} />
          <FailureAlert failure={sending.error ?? acting.error} />
          <HStack justify="flex-end">
            <Button variant="outline" loading={acting.state === 'submitting'} onClick={() => acting.submit('close')}>
              {t('workorder.actions.close')}
            </Button>
            <Button
              colorPalette="brand"
              disabled={!text.trim()}
              loading={sending.state === 'submitting'}
              onClick={() => sending.submit({ id: order.id, body: text, attachments: files.map((f) => f.url) })}
            >
              {t('workorder.actions.reply')}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
