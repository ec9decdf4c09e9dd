import { data } from "react-router";

import { ScheduleResult } from "~/features/booking/booked-notice";
import { ScheduleDialog } from "~/features/booking/schedule-dialog";
import { HomePage } from "~/features/home/home-page";
import { homeContent } from "~/features/home/home-content.server";
import { rememberShownHomeContent } from "~/features/home/shown-home-content";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import { actionRetryAfter } from "~/lib/action-headers";
import { submitThroughServerAction } from "~/lib/form-client-action";
import { requestLocale } from "~/lib/locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import * as m from "~/paraglide/messages/_index.js";
import { useModalRoute } from "~/lib/use-modal-route";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/modals.schedule";
import type { PageCacheHandle } from "~/lib/page-cache";

export const handle = {
  modal: true,
  pageCache: { params: ["region", "appliance"], variants: 6 },
} satisfies PageCacheHandle & { modal: boolean };

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_schedule_title({}, { locale }),
      description: m.meta_schedule_description({}, { locale }),
      path: "/modals/schedule",
      noindex: true,
    },
    matches,
  );
}

// A direct visit shows the dialog over the home page, which needs its reviews.
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  return homeContent(await servicesOf(context).prices.serviceCalls(locale), locale);
}

// The home page drawn behind a dialog visited directly keeps its reviews.
export function shouldRevalidate() {
  return false;
}

// Step 2 of the dialog posts here, with or without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status, headers } = await servicesOf(context).forms.submit(
    "serviceRequest",
    request,
  );
  return data(result, { status, headers });
}

export const headers = actionRetryAfter;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitThroughServerAction("serviceRequest", serverAction);
}

export default function ScheduleModal() {
  const { hasBackgroundPage, close } = useModalRoute();
  const data = useStickyLoaderData<Awaited<ReturnType<typeof loader>>>();
  if (!hasBackgroundPage) rememberShownHomeContent(data);
  return (
    <>
      {/* Booked without JavaScript: the dialog closed, the result above the page. */}
      <ScheduleResult />
      {hasBackgroundPage ? null : <HomePage content={data} />}
      <ScheduleDialog onClose={close} serviceCalls={data?.serviceCalls} />
    </>
  );
}
