/** What every desk response says: never stored, never indexed. */
export const deskResponseHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const deskMeta = (title: string) => [
  { title: `${title} | Office desk` },
  { name: "robots", content: "noindex, nofollow" },
];

export interface DeskHandle {
  desk: true;
}
export const deskHandle: DeskHandle = { desk: true };
