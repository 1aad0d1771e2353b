import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useBootstrapActor } from '../../app/AppActorProvider';
import { PageLoading } from '../../components/feedback/PageLoading';
import { findByName } from '../../shared/menuTree';
import { redirectTarget } from './redirectTarget';

/** `/redirect/{path}/{_redirect_type}/{_origin_params?}` (spec §2): replaces itself with its target. */
export default function RedirectPage() {
  const bootstrap = useBootstrapActor();
  const menus = useSelector(bootstrap, (state) => state.context.menus);
  const [location, navigate] = useLocation();

  useEffect(() => {
    navigate(
      redirectTarget(location, (name) => findByName(menus, name)?.path),
      { replace: true },
    );
  }, [location, menus, navigate]);

  return <PageLoading />;
}
