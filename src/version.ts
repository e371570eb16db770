/** The package version, kept equal to package.json's by a test (reading package.json at run time costs start-up). */
export const VERSION = '0.1.0';
