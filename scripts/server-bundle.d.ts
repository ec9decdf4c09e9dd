/** Packages bundled into every server build rather than left to node_modules. */
export const serverBundledPackages: string[];
/** Bundles `entry` (TypeScript) into one ES module at `outfile`, its packages left to node_modules. */
export function bundleServerEntry(entry: string, outfile: string): Promise<unknown>;
