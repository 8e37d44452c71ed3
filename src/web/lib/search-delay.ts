/**
 * How long typing pauses before a search as-you-type is applied: a search per keystroke would
 * mostly be thrown away (the command palette, the asset list's search).
 */
export const SEARCH_DELAY_MS = 250;
