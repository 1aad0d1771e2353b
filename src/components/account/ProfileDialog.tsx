import { useState } from 'react';
import { Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AVATAR_ILLUSTRATIONS, type UserDetails } from '../../../contract/schemas/user';
import { FormDialog } from '../feedback/FormDialog';
import { toaster } from '../feedback/toaster';
import { CodeField } from '../form/CodeField';
import { DialogForm } from '../form/DialogForm';
import { FailureAlert } from '../form/FailureAlert';
import { SendCodeButton } from '../form/SendCodeButton';
import { TextField } from '../form/TextField';
import { useCountdown } from '../form/useCountdown';
import { useSaveProfile, useSendEmailCode, useUploadAvatar } from './api';
import { RadioTile } from '../RadioTile';
import { UserAvatar } from '../UserAvatar';

/** What an avatar may be before it is cropped: a picture of at most 5 MB. */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The account modal: real name, the avatar (cropped to a square in the browser, type
 * and size checked, then uploaded) and the e-mail, bound or changed with a code sent to it.
 */
export function ProfileDialog({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: UserDetails;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('account');
  const [realName, setRealName] = useState(user.realName);
  const [avatar, setAvatar] = useState(user.avatar);
  const [email, setEmail] = useState(user.email ?? '');
  const [code, setCode] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const countdown = useCountdown();
  const uploading = useUploadAvatar({ onSucceeded: ({ url }) => setAvatar(url) });
  const sending = useSendEmailCode({ onSucceeded: ({ resend_after }) => countdown.start(resend_after) });
  const saving = useSaveProfile({
    onSucceeded: () => {
      toaster.success({ title: t('account.profile.saved') });
      onSaved();
      onClose();
    },
  });
  const emailChanged = email.trim() !== (user.email ?? '');

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return setFileError(t('account.profile.badType'));
    if (file.size > AVATAR_MAX_BYTES) return setFileError(t('account.profile.tooLarge'));
    setFileError(null);
    uploading.submit(file);
  };

  return (
    <FormDialog open={open} onClose={onClose} title={t('account.profile.title')} size="md">
      <DialogForm
        label={t('account.profile.title')}
        onSubmit={() =>
          saving.submit({
            realName: realName.trim() || undefined,
            avatar,
            ...(emailChanged ? { email: email.trim() || null, ...(email.trim() ? { email_code: code } : {}) } : {}),
          })
        }
        onCancel={onClose}
        submitting={saving.state === 'submitting'}
        disabled={uploading.state === 'submitting'}
      >
        <HStack gap="4">
          <UserAvatar size="2xl" name={realName || user.username} avatar={avatar} alt={t('account.profile.avatar')} />
          <Stack gap="1">
            <Button as="label" size="sm" variant="outline" loading={uploading.state === 'submitting'} cursor="pointer">
              {t('account.profile.upload')}
              <input
                type="file"
                accept={AVATAR_TYPES.join(',')}
                hidden
                aria-label={t('account.profile.upload')}
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </Button>
            <Text textStyle="xs" color="fg.muted">
              {t('account.profile.avatarHint')}
            </Text>
            {fileError && (
              <Text textStyle="xs" color="fg.error">
                {fileError}
              </Text>
            )}
          </Stack>
        </HStack>
        <HStack gap="2" wrap="wrap" role="radiogroup" aria-label={t('account.profile.illustrations')}>
          {AVATAR_ILLUSTRATIONS.map((illustration, index) => (
            <RadioTile
              key={illustration}
              checked={avatar === illustration}
              onSelect={() => setAvatar(illustration)}
              aria-label={t('account.profile.illustration', { number: index + 1 })}
              rounded="full"
              overflow="hidden"
              boxSize="10"
            >
              {/* Console assets, beside this page: no API host to prefix. */}
              <Image src={illustration} alt="" boxSize="full" />
            </RadioTile>
          ))}
        </HStack>
        <FailureAlert failure={uploading.error} />
        <TextField label={t('account.profile.realName')} name="realName" value={realName} onValueChange={setRealName} maxLength={64} />
        <TextField label={t('account.profile.email')} name="email" type="email" value={email} onValueChange={setEmail} maxLength={254} />
        {emailChanged && email.trim() && (
          <HStack align="flex-end">
            <CodeField label={t('account.profile.code')} name="email_code" value={code} onValueChange={setCode} />
            <SendCodeButton
              sending={sending.state === 'submitting'}
              remaining={countdown.remaining}
              onSend={() => sending.submit({ email: email.trim(), purpose: 'bind_email' })}
            />
          </HStack>
        )}
        <FailureAlert failure={sending.error ?? saving.error} />
      </DialogForm>
    </FormDialog>
  );
}
