import { LockButton } from './lock/LockButton';
import { MenuSearchButton } from './search/MenuSearchButton';
import { SettingsButton } from './SettingsButton';

/** The header's own buttons before the shortcuts: menu search (and its Ctrl/Cmd+K), lock, settings. */
export function HeaderActions({ showSearch }: { showSearch: boolean }) {
  return (
    <>
      <MenuSearchButton showButton={showSearch} />
      <LockButton />
      <SettingsButton />
    </>
  );
}
