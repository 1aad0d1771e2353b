import { useEffect } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMenuSearchActor } from '../../../app/AppActorProvider';
import { HeaderAction } from '../HeaderAction';
import { MenuSearchDialog } from './MenuSearchDialog';

/**
 * The header's search button (when shown) and the keys: Ctrl/Cmd+K always opens the search, Escape
 * closes it wherever the focus is, also before the dialog has taken it (a quick Ctrl+K, Escape).
 */
export function MenuSearchButton({ showButton }: { showButton: boolean }) {
  const { t } = useTranslation();
  const search = useMenuSearchActor();
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        search.send({ type: 'MENU_SEARCH.OPEN' });
      } else if (event.key === 'Escape' && search.getSnapshot().hasTag('open')) {
        search.send({ type: 'MENU_SEARCH.CLOSE' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [search]);
  return (
    <>
      {showButton && (
        <HeaderAction label={t('layout.search.open')} onClick={() => search.send({ type: 'MENU_SEARCH.OPEN' })}>
          <Search />
        </HeaderAction>
      )}
      <MenuSearchDialog />
    </>
  );
}
