import { useLoaderData } from "react-router";

import { ScheduleDialog } from "~/features/booking/schedule-dialog";
import { HomePage } from "~/features/home/home-page";
import { pickHomeReviews } from "~/features/home/home-reviews.server";
import { pageMeta } from "~/lib/meta";
import { useModalRoute } from "~/lib/use-modal-route";

import type { Route } from "./+types/modals.schedule";

export const handle = { modal: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Schedule Service | Book an Appliance Repair",
      description: "Book an appliance repair visit online in two short steps.",
      path: "/modals/schedule",
      noindex: true,
    },
    matches,
  );
}

// A direct visit shows the dialog over the home page, which needs its reviews.
export function loader() {
  return pickHomeReviews();
}

export default function ScheduleModal() {
  const { hasBackgroundPage, close } = useModalRoute();
  const data = useLoaderData<typeof loader>() as ReturnType<typeof loader> | undefined;
  return (
    <>
      {hasBackgroundPage ? null : <HomePage reviews={data?.reviews} />}
      <ScheduleDialog onClose={close} />
    </>
  );
}
