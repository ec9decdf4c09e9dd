import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The desk's layout routes read the session once and guard their subtree (docs/decisions/0012).
  future: { v8_middleware: true },
} satisfies Config;
