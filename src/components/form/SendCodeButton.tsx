import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface SendCodeButtonProps {
  onSend: () => void;
  sending: boolean;
  /** Seconds until the code may be sent again; 0 when it may be sent now. */
  remaining: number;
}

/** "Send code", then a countdown until it may be sent again. */
export function SendCodeButton({ onSend, sending, remaining }: SendCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" flexShrink={0} minW="32" loading={sending} disabled={remaining > 0} onClick={onSend}>
      {remaining > 0 ? t('sys.login.resendIn', { seconds: remaining }) : t('sys.login.sendCode')}
    </Button>
  );
}
