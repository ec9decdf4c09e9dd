import { HomePage } from "~/features/home/home-page";
import { homeContent } from "~/features/home/home-content.server";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import { pageMeta } from "~/lib/meta";
import { useModalRoute } from "~/lib/use-modal-route";
import { servicesOf } from "~/services.server";

import type { Route } from "./+types/modals.example";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { modal: true, pageCache: regionPageCache } satisfies PageCacheHandle & {
  modal: boolean;
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Example Modal",
      description: "A placeholder modal route showing how modal routes are built.",
      path: "/modals/example",
      noindex: true,
    },
    matches,
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  return homeContent(await servicesOf(context).prices.serviceCalls());
}

export default function ExampleModal() {
  const { hasBackgroundPage, close } = useModalRoute();
  const data = useStickyLoaderData<Awaited<ReturnType<typeof loader>>>();
  return (
    <>
      {hasBackgroundPage ? null : <HomePage content={data} />}
      <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent size="md">
          <DialogHeader>
            <DialogTitle>Example modal</DialogTitle>
            <DialogDescription>A placeholder for new modal routes.</DialogDescription>
          </DialogHeader>
          <div className="space-y-3 px-6 py-5 text-sm text-slate-700">
            <p>To add a modal route:</p>
            <ol className="list-decimal space-y-1.5 pl-5">
              <li>
                Add <code>route(&quot;modals/name&quot;, &quot;routes/modals.name.tsx&quot;)</code>{" "}
                to <code>app/routes.ts</code>.
              </li>
              <li>
                Export <code>handle = {"{ modal: true }"}</code> from the module so the page behind
                stays rendered.
              </li>
              <li>
                Open it with a link that passes <code>state={"{{ backgroundLocation }}"}</code> (see{" "}
                <code>ScheduleLink</code>), and close it with <code>useModalRoute().close</code>.
              </li>
            </ol>
          </div>
          <div className="flex justify-end border-t border-slate-200 px-6 py-4">
            <Button onClick={close}>Close modal</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
