import { NoticeLiveProvider } from '../app/NoticeLive';
import { BasicLayout } from './layout/BasicLayout';
import { LayoutPages } from './LayoutPages';

/** Every page but login: the shell (menu, header, tabs) around the signed-in pages. */
export default function SignedInShell() {
  return (
    <NoticeLiveProvider>
      <BasicLayout>
        <LayoutPages />
      </BasicLayout>
    </NoticeLiveProvider>
  );
}
