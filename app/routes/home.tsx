import { HomePage } from "~/features/home/home-page";
import { homeContent } from "~/features/home/home-content.server";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import { pageMeta, siteTitle } from "~/lib/meta";

import type { Route } from "./+types/home";
import type { PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: { params: ["region"], variants: 6 } } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: siteTitle,
      description:
        "Same-week refrigerator, washer, dryer, oven, dishwasher and microwave repair in Virginia, New Jersey, Texas, North Carolina, Florida and Massachusetts. Rated 4.9/5.",
      path: "/",
    },
    matches,
  );
}

export function loader() {
  return homeContent();
}

export default function Home() {
  // Undefined while a dialog is open over this page: the page keeps the reviews it showed.
  const data = useStickyLoaderData<ReturnType<typeof loader>>();
  return <HomePage content={data} />;
}
