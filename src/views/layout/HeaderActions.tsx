import { DocButton } from './DocButton';
import { ErrorLogButton } from './ErrorLogButton';
import { LockButton } from './lock/LockButton';
import { MenuSearchButton } from './search/MenuSearchButton';
import { SettingsButton } from './SettingsButton';
import { WideScreenOnly } from './WideScreenOnly';

interface HeaderActionsProps {
  showSearch: boolean;
  showDoc: boolean;
  onNavigate: (path: string) => void;
}

/**
 * The header's own buttons before the shortcuts: menu search (and its Ctrl/Cmd+K), the docs, the
 * error log (not on a phone: the header's "more" menu holds the error log), lock, settings.
 */
export function HeaderActions({ showSearch, showDoc, onNavigate }: HeaderActionsProps) {
  return (
    <>
      <MenuSearchButton showButton={showSearch} />
      <WideScreenOnly>
        {showDoc && <DocButton onNavigate={onNavigate} />}
        <ErrorLogButton onNavigate={onNavigate} />
      </WideScreenOnly>
      <LockButton />
      <SettingsButton />
    </>
  );
}
