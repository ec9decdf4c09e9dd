/** Bundles `entry` (TypeScript) into one ES module at `outfile`, its packages left to node_modules. */
export function bundleServerEntry(entry: string, outfile: string): Promise<unknown>;
