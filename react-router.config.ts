import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The server tests render pages from a build of their own (server/test-support/pages-build.ts).
  buildDirectory: process.env.REACT_ROUTER_BUILD_DIRECTORY ?? "build",
  // The desk's layout routes read the session once and guard their subtree (docs/decisions/0012).
  future: { v8_middleware: true },
} satisfies Config;
