import { BasicLayout } from './layout/BasicLayout';
import { LayoutPages } from './LayoutPages';

/** Every page but login: the shell (menu, header, tabs) around the signed-in pages. */
export default function SignedInShell() {
  return (
    <BasicLayout>
      <LayoutPages />
    </BasicLayout>
  );
}
