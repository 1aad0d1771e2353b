import { lazy, Suspense, useState } from 'react';
import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from './HeaderAction';

// The drawer (and its many controls) loads when first opened.
const SettingsDrawer = lazy(() => import('./settings/SettingsDrawer'));

/** Opens the project-configuration drawer. */
export function SettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <HeaderAction
        label={t('layout.settings.title')}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Settings />
      </HeaderAction>
      {used && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
