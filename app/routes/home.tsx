import { HomePage } from "~/features/home/home-page";
import { homeContent } from "~/features/home/home-content.server";
import { rememberShownHomeContent, shownHomeContent } from "~/features/home/shown-home-content";
import { isModalOpen } from "~/lib/page-location";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import { requestLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { servicesOf } from "~/services.server";

import type { Route } from "./+types/home";
import type { PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: { params: ["region"], variants: 6 } } satisfies PageCacheHandle;

// Home's title and description come with its words (home-content.server.ts).
export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(
    {
      title: loaderData?.words.meta_home_title ?? "",
      description: loaderData?.words.meta_home_description ?? "",
      path: "/",
    },
    matches,
  );
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  return homeContent(await servicesOf(context).prices.serviceCalls(locale), locale);
}

/**
 * Closing a dialog opened over home comes back to home: it shows the reviews it showed, not three
 * new ones. Other visits get a fresh pick from the server.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return (isModalOpen() ? shownHomeContent() : undefined) ?? (await serverLoader());
}

// Nothing on home depends on the address's region or on a form sent from it.
export function shouldRevalidate() {
  return false;
}

export default function Home() {
  // Undefined while a dialog is open over this page: the page keeps the reviews it showed.
  const data = useStickyLoaderData<Awaited<ReturnType<typeof clientLoader>>>();
  rememberShownHomeContent(data);
  return <HomePage content={data} />;
}
