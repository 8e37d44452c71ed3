import packageJson from '../../package.json';

/** The release's semantic version (package.json, and CHANGELOG.md for what each one changed). */
export const VERSION: string = packageJson.version;
