/** Folders and files whose content decides what `npm run build` produces. */
export const BUILD_INPUTS: string[];
/** SHA-256 over every build input's path and content under `root`, in a stable order. */
export function fingerprint(root: string): string;
/** True when dist/ exists and was stamped with the sources' current fingerprint. */
export function upToDate(root: string): boolean;
/** Records that dist/ now matches the sources (the last step of `npm run build`). */
export function writeStamp(root: string): void;
