import { useState } from 'react';
import { Badge, Button, Checkbox, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminNotice } from '../../../contract/schemas/notice';
import { DATE_FORMAT } from '../../config/constants';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { FormDialog } from '../../components/feedback/FormDialog';
import { PageLoading } from '../../components/feedback/PageLoading';
import { DialogForm } from '../../components/form/DialogForm';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { TextField } from '../../components/form/TextField';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { managedNoticeRows, useSaveNotice, useWithdrawNotice } from './api';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(managedNoticeRows)];
const STATE_PALETTE: Record<string, string> = { published: 'green', scheduled: 'blue', expired: 'gray', withdrawn: 'red' };

/** /notice/manage: the operator publishes, edits and withdraws notices. */
export default function NoticeManagePage() {
  const { t, ready } = useTranslation('notice');
  const list = useListActor<AdminNotice>(managedNoticeRows);
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminNotice | null>(null);
  const withdraw = useWithdrawNotice({ onSucceeded: () => list.send({ type: 'LIST.RELOAD' }) });
  if (!ready) return <PageLoading />;
  const columns: Column<AdminNotice>[] = [
    {
      key: 'title',
      header: t('notice.manage.fields.title'),
      render: (row) => (
        <HStack gap="2">
          {row.pinned && <Badge colorPalette="orange">{t('notice.pinned')}</Badge>}
          <Text fontWeight="medium">{row.title}</Text>
        </HStack>
      ),
    },
    {
      key: 'audience',
      header: t('notice.manage.fields.audience'),
      render: (row) => `${t(`notice.manage.audience.${row.audience}`)}${row.audience_role ? `: ${row.audience_role}` : ''}`,
    },
    {
      key: 'state',
      header: t('notice.manage.fields.state'),
      render: (row) => <Badge colorPalette={STATE_PALETTE[row.state]}>{t(`notice.manage.state.${row.state}`)}</Badge>,
    },
    { key: 'reach', header: t('notice.manage.fields.reach'), render: (row) => `${row.read_count} / ${row.recipients}` },
    { key: 'time', header: t('notice.fields.time'), render: (row) => <Text whiteSpace="nowrap">{row.publish_at}</Text> },
    {
      key: 'actions',
      header: t('common.table.actions'),
      align: 'end',
      render: (row) =>
        row.withdrawn ? null : (
          <HStack gap="1" justify="flex-end">
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setEditing(row)}>
              {t('notice.manage.edit')}
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setWithdrawing(row)}>
              {t('notice.manage.withdraw')}
            </Button>
          </HStack>
        ),
    },
  ];
  return (
    <Stack gap="4">
      <PageHeader title={t('notice.manage.title')} description={t('notice.manage.description')}>
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          <Plus /> {t('notice.manage.add')}
        </Button>
      </PageHeader>
      <ListTable list={list} label={t('notice.manage.title')} columns={columns} rowKey={(row) => row.id} />
      {editing && (
        <NoticeEditor
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.send({ type: 'LIST.RELOAD' });
          }}
        />
      )}
      <Dialog.Root open={!!withdrawing} onOpenChange={(details) => !details.open && setWithdrawing(null)} role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Body pt="6">{withdrawing && t('notice.manage.withdrawConfirm', { title: withdrawing.title })}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setWithdrawing(null)}>
                  {t('notice.manage.cancel')}
                </Button>
                <Button
                  colorPalette="red"
                  onClick={() => {
                    if (withdrawing) withdraw.submit(withdrawing);
                    setWithdrawing(null);
                  }}
                >
                  {t('notice.manage.withdraw')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}

function NoticeEditor({ notice, onClose, onSaved }: { notice: AdminNotice | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('notice');
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [audience, setAudience] = useState<AdminNotice['audience']>(notice?.audience ?? 'all');
  const [role, setRole] = useState(notice?.audience_role ?? 'master');
  const [accounts, setAccounts] = useState(notice?.audience_accounts.join(', ') ?? '');
  const [pinned, setPinned] = useState(notice?.pinned ?? false);
  const [publishAt, setPublishAt] = useState(notice && notice.state === 'scheduled' ? notice.publish_at : '');
  const [expiresAt, setExpiresAt] = useState(notice?.expires_at ?? '');
  const save = useSaveNotice({ onSucceeded: onSaved });
  const bodyOf = () => ({
    title: title.trim(),
    content,
    audience,
    ...(audience === 'role' ? { audience_role: role } : {}),
    ...(audience === 'accounts'
      ? {
          audience_accounts: accounts
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number),
        }
      : {}),
    pinned,
    ...(publishAt.trim() ? { publish_at: publishAt.trim() } : {}),
    expires_at: expiresAt.trim() || null,
  });
  const heading = notice ? t('notice.manage.edit') : t('notice.manage.add');
  return (
    <FormDialog open onClose={onClose} title={heading} size="lg">
      <DialogForm
        label={heading}
        onSubmit={() => save.submit({ id: notice?.id ?? null, body: bodyOf() })}
        gap="3"
        onCancel={onClose}
        cancelLabel={t('notice.manage.cancel')}
        submitting={save.state === 'submitting'}
        disabled={!title.trim()}
        submitLabel={t('notice.manage.save')}
      >
        <TextField label={t('notice.manage.fields.title')} name="title" value={title} maxLength={200} onValueChange={setTitle} />
        <TextAreaField label={t('notice.manage.fields.content')} name="content" rows={6} value={content} onValueChange={setContent} />
        <SelectField
          label={t('notice.manage.fields.audience')}
          name="audience"
          value={audience}
          options={(['all', 'role', 'accounts'] as const).map((a) => ({ value: a, label: t(`notice.manage.audience.${a}`) }))}
          onValueChange={(value) => setAudience(value as AdminNotice['audience'])}
        />
        {audience === 'role' && <TextField label={t('notice.manage.fields.role')} name="role" value={role} onValueChange={setRole} />}
        {audience === 'accounts' && (
          <TextField label={t('notice.manage.fields.accounts')} name="accounts" value={accounts} onValueChange={setAccounts} />
        )}
        <HStack gap="3">
          <MomentField label={t('notice.manage.fields.publishAt')} name="publish_at" value={publishAt} onValueChange={setPublishAt} />
          <MomentField label={t('notice.manage.fields.expiresAt')} name="expires_at" value={expiresAt} onValueChange={setExpiresAt} />
        </HStack>
        <Checkbox.Root checked={pinned} onCheckedChange={(details) => setPinned(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('notice.manage.fields.pinned')}</Checkbox.Label>
        </Checkbox.Root>
        <FailureAlert failure={save.error} />
      </DialogForm>
    </FormDialog>
  );
}

/** When the notice shows or stops showing, typed as the server takes a date-time. */
function MomentField(props: { label: string; name: string; value: string; onValueChange: (value: string) => void }) {
  return <TextField {...props} placeholder={DATE_FORMAT} />;
}
