import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConsolePath } from '../../../contract/paths';
import { HeaderAction } from './HeaderAction';

/** Opens the development docs (spec §2 /apiDoc) inside the console; header setting showDoc. */
export function DocButton({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useTranslation();
  return (
    <HeaderAction label={t('routes.basic.apiDoc')} onClick={() => onNavigate(ConsolePath.apiDoc)}>
      <BookOpen />
    </HeaderAction>
  );
}
