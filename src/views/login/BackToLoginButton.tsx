import { Button } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function BackToLoginButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" width="full" onClick={onClick}>
      <ArrowLeft /> {t('sys.login.backToLogin')}
    </Button>
  );
}
