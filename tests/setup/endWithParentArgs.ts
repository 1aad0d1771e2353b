/** The node arguments that run a test's server or worker under tsx, ending with the run that started it. */
export const endWithParentArgs = ['--import', 'tsx', '--import', new URL('./endWithParent.mjs', import.meta.url).href];
