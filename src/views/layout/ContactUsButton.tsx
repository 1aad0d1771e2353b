import { Popover, Portal, Text } from '@chakra-ui/react';
import { Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeaderIconButton } from '../../components/HeaderIconButton';

/** The header's contact-us shortcut: how to reach the operator (the login's `contact_us`). */
export function ContactUsButton({ contact }: { contact: string }) {
  const { t } = useTranslation();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <HeaderIconButton label={t('layout.header.contactUs')}>
          <Headset />
        </HeaderIconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="72">
            <Popover.Arrow />
            <Popover.Body>
              <Popover.Title fontWeight="semibold" mb="2">
                {t('layout.header.contactUs')}
              </Popover.Title>
              <Text textStyle="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
                {contact || t('layout.header.contactUsEmpty')}
              </Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
