import { data, Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";

import { signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { subscribersPage, unsubscribeSubscriber } from "../../server/desk/subscribers.server";

import type { Route } from "./+types/office.subscribers";

export function meta() {
  return deskMeta("Subscribers");
}

/** The page the address names (1 when none); anything but a page number is a 400. */
function pageFrom(value: string | null) {
  if (value === null) return 1;
  const page = /^\d{1,5}$/.test(value) ? Number(value) : 0;
  if (page < 1 || page > 10_000) {
    throw data("No such page", { status: 400 });
  }
  return page;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const page = pageFrom(new URL(request.url).searchParams.get("page"));
  return {
    staff: { name: staff.name, role: staff.role },
    list: await subscribersPage(servicesOf(context).desk.db, staff, { page, search: "" }),
  };
}

type SubscribersList = Awaited<ReturnType<typeof subscribersPage>>;
/** A search or an unsubscribe: the list it leaves, and what happened. */
type SubscribersResult = FormResult<
  "search" | "unsubscribe",
  { list: SubscribersList },
  { list: SubscribersList }
>;

// A search (an email address: by POST, never in the address) or an unsubscribe.
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db } = servicesOf(context).desk;
  const form = await postedForm(request);
  const search = form.text("search").trim().slice(0, 254);
  const answer = (result: SubscribersResult, status = 200) => data(result, { status });
  const values = { search };
  if (form.text("intent") === "unsubscribe") {
    const done = await unsubscribeSubscriber(db, staff, form.text("subscriberId"));
    const list = await subscribersPage(db, staff, { page: 1, search });
    return done
      ? answer({
          form: "unsubscribe",
          status: "success",
          values,
          list,
          message: "Unsubscribed. No more newsletters go to that address.",
        })
      : answer(
          {
            form: "unsubscribe",
            status: "invalid",
            values,
            list,
            message: "That subscriber is not subscribed (or not one of your offices').",
          },
          404,
        );
  }
  const list = await subscribersPage(db, staff, { page: 1, search });
  return answer({ form: "search", status: "success", values, list });
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const list = actionData && "list" in actionData ? actionData.list : loaderData.list;
  const search = actionData?.values?.search ?? "";
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <DeskHeader title="Newsletter subscribers" staff={loaderData.staff} />
      <p className="mt-6 text-slate-700">
        <strong>{list.active}</strong> subscribed ({list.total} in all, with those who left).{" "}
        <a className="text-brand-700 underline" href="/office/subscribers/export" download>
          Download CSV
        </a>
      </p>
      <Form
        method="post"
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Find a subscriber"
      >
        <div className="min-w-64 flex-1">
          <Field label="Email contains">
            {(wiring) => <Input {...wiring} type="search" name="search" defaultValue={search} />}
          </Field>
        </div>
        <Button type="submit">Find</Button>
      </Form>
      <ResultNotice result={actionData} className="mt-4" />
      {list.subscribers.length === 0 ? (
        <p className="mt-6 text-slate-700">No subscribers {search ? "match" : "yet"}.</p>
      ) : (
        <div
          className="mt-6 overflow-x-auto focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none"
          // The table scrolls sideways on a phone: the keyboard can scroll it too.
          tabIndex={0}
          role="region"
          aria-label="Subscribers table"
        >
          <table className="w-full min-w-[640px] text-left text-sm text-slate-700">
            <caption className="sr-only">Newsletter subscribers, newest first</caption>
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Email
                </th>
                <th scope="col" className="py-2 pr-4">
                  Office
                </th>
                <th scope="col" className="py-2 pr-4">
                  Subscribed
                </th>
                <th scope="col" className="py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.subscribers.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className="py-3 pr-4 [overflow-wrap:anywhere]">{subscriber.email}</td>
                  <td className="py-3 pr-4">{subscriber.officeName}</td>
                  <td className="py-3 pr-4">{subscriber.subscribedAt}</td>
                  <td className="py-3">
                    {subscriber.unsubscribedAt ? (
                      `Unsubscribed ${subscriber.unsubscribedAt}`
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="unsubscribe" />
                        <input type="hidden" name="subscriberId" value={subscriber.id} />
                        <input type="hidden" name="search" value={search} />
                        <Button
                          type="submit"
                          variant="outline"
                          aria-label={`Unsubscribe ${subscriber.email}`}
                        >
                          Unsubscribe
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!actionData ? (
        <nav aria-label="Subscriber pages" className="mt-6 flex gap-4 text-sm">
          {list.page > 1 ? (
            <Link
              className="text-brand-700 underline"
              to={`/office/subscribers?page=${list.page - 1}`}
            >
              Newer
            </Link>
          ) : null}
          {list.hasNextPage ? (
            <Link
              className="text-brand-700 underline"
              to={`/office/subscribers?page=${list.page + 1}`}
            >
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
