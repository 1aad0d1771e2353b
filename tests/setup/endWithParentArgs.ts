import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The node arguments that run a test's server or worker under tsx, ending with the run that started
 * it. Found from the working folder, the repository's root, as the entries beside it are: in the
 * console's tests `import.meta.url` is not a file.
 */
export const endWithParentArgs = ['--import', 'tsx', '--import', pathToFileURL(path.resolve('tests/setup/endWithParent.mjs')).href];
