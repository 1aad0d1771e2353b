import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { readRuntimeConfig } from '../config/runtime';
import { assetUrl } from '../shared/assetUrl';
import { useNavigationActor } from './AppActorProvider';

const { apiBaseUrl } = readRuntimeConfig();

export interface ProductBrand {
  name: string;
  /** The app's icon address, or null for the product's own mark. */
  icon: string | null;
}

/** The product's name and mark, or in the PWA master mode the app's (spec §2, §7 get_app). */
export function useProductBrand(): ProductBrand {
  const { t } = useTranslation();
  const navigation = useNavigationActor();
  const app = useSelector(navigation, (state) => state.context.pwaApp.info);
  return {
    name: app?.app_name || t('sys.app.title'),
    icon: app?.win_icon ? assetUrl(app.win_icon, apiBaseUrl) : null,
  };
}
