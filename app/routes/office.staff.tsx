import { data, Form, useNavigation } from "react-router";

import {
  DeskButton,
  DeskField,
  DeskInput,
  DeskNotice,
  DeskSelect,
} from "~/features/desk/desk-controls";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";
import { invitationSchema, staffAccessSchema } from "~/domain/staff";
import { stateBySlug, stateSlugs } from "~/content/states";

import { signedInOf } from "~/features/desk/desk-route.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { servicesOf } from "~/services.server";

import {
  changeStaffAccess,
  disableStaffById,
  inviteStaff,
  refusalOf,
  staffOverview,
} from "../../server/desk/staff-management";

import type { Route } from "./+types/office.staff";

export function meta() {
  return deskMeta("Staff");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  return {
    staff: { id: staff.id, name: staff.name, role: staff.role },
    offices: stateSlugs.map((slug) => ({ slug, name: stateBySlug(slug)?.name ?? slug })),
    overview: await staffOverview(servicesOf(context).desk.db),
  };
}

interface Answer {
  form: string;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string | undefined>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db, config } = servicesOf(context).desk;
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const offices = form.getAll("offices").map(String);
  const intent = text("intent");
  const refuse = (answer: Answer, status = 400) => data<Answer>(answer, { status });
  if (intent === "invite") {
    const parsed = invitationSchema.safeParse({
      email: text("email"),
      name: text("name"),
      role: text("role"),
      offices,
    });
    if (!parsed.success) {
      return refuse({ form: "invite", fieldErrors: fieldErrorsOf(parsed.error) });
    }
    const refused = await refusalOf(inviteStaff(db, config, staff, parsed.data));
    if (refused) return refuse({ form: "invite", error: refused });
    return { form: "invite", message: `Invitation sent to ${parsed.data.email}.` } as Answer;
  }
  const memberId = text("memberId");
  if (intent === "access") {
    const parsed = staffAccessSchema.safeParse({ role: text("role"), offices });
    if (!parsed.success) return refuse({ form: memberId, error: parsed.error.issues[0]?.message });
    const refused = await refusalOf(changeStaffAccess(db, memberId, parsed.data));
    if (refused) return refuse({ form: memberId, error: refused });
    return { form: memberId, message: "Saved." } as Answer;
  }
  if (intent === "disable") {
    if (memberId === staff.id)
      return refuse({ form: memberId, error: "You cannot disable yourself." });
    const refused = await refusalOf(disableStaffById(db, memberId));
    if (refused) return refuse({ form: memberId, error: refused });
    return { form: memberId, message: "Disabled and signed out everywhere." } as Answer;
  }
  return refuse({ form: "invite", error: "Unknown action" });
}

function RoleAndOffices({
  role,
  chosen,
  offices,
  idPrefix,
}: {
  role: string;
  chosen: readonly string[];
  offices: { slug: string; name: string }[];
  idPrefix: string;
}) {
  return (
    <>
      <DeskField label="Role">
        {(wiring) => (
          <DeskSelect {...wiring} name="role" defaultValue={role}>
            <option value="dispatcher">Dispatcher (the offices below)</option>
            <option value="owner">Owner (every office, and the staff)</option>
          </DeskSelect>
        )}
      </DeskField>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold text-slate-900">Offices (for a dispatcher)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {offices.map((office) => (
            <label
              key={office.slug}
              htmlFor={`${idPrefix}-${office.slug}`}
              className="flex items-center gap-1.5"
            >
              <input
                id={`${idPrefix}-${office.slug}`}
                type="checkbox"
                name="offices"
                value={office.slug}
                defaultChecked={chosen.includes(office.slug)}
              />
              {office.name}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function Notice({ answer }: { answer?: Answer }) {
  if (answer?.error) return <DeskNotice tone="error">{answer.error}</DeskNotice>;
  if (answer?.message) return <DeskNotice tone="success">{answer.message}</DeskNotice>;
  return null;
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, offices, overview } = loaderData;
  const busy = useNavigation().state !== "idle";
  const inviteAnswer = actionData?.form === "invite" ? actionData : undefined;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <DeskHeader title="Staff" staff={staff} />
      <section aria-labelledby="invite-heading" className="mt-8">
        <h2 id="invite-heading" className="text-lg font-bold text-slate-900">
          Invite someone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          They get an email with a link, valid 72 hours and usable once, to choose their password.
        </p>
        <Form
          method="post"
          aria-labelledby="invite-heading"
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="invite" />
          <div className="sm:col-span-2">
            <Notice answer={inviteAnswer} />
          </div>
          <DeskField label="Name" error={inviteAnswer?.fieldErrors?.name}>
            {(wiring) => <DeskInput {...wiring} name="name" autoComplete="off" />}
          </DeskField>
          <DeskField label="Email" error={inviteAnswer?.fieldErrors?.email}>
            {(wiring) => <DeskInput {...wiring} type="email" name="email" autoComplete="off" />}
          </DeskField>
          <RoleAndOffices role="dispatcher" chosen={[]} offices={offices} idPrefix="invite" />
          {inviteAnswer?.fieldErrors?.offices ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {inviteAnswer.fieldErrors.offices}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <DeskButton type="submit" disabled={busy}>
              Send invitation
            </DeskButton>
          </div>
        </Form>
        {overview.invitations.length > 0 ? (
          <>
            <h3 className="mt-6 text-base font-semibold text-slate-900">
              Invitations not used yet
            </h3>
            <ul className="mt-2 grid gap-1 text-sm text-slate-700">
              {overview.invitations.map((invitation) => (
                <li key={invitation.email + invitation.expiresAt}>
                  {invitation.name} ({invitation.email}), {invitation.role}, until{" "}
                  {invitation.expiresAt.slice(0, 16).replace("T", " ")} UTC
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="accounts-heading" className="mt-10">
        <h2 id="accounts-heading" className="text-lg font-bold text-slate-900">
          Accounts
        </h2>
        <ul className="mt-4 grid gap-4">
          {overview.members.map((member) => (
            <li key={member.id} className="rounded-lg border border-slate-200 p-4">
              <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                {member.name} ({member.email}){member.disabled ? ", disabled" : ""}
                {member.id === staff.id ? ", you" : ""}
              </p>
              {member.disabled ? null : (
                <Form
                  method="post"
                  aria-label={`Access of ${member.email}`}
                  className="mt-3 grid gap-3 sm:grid-cols-2"
                >
                  <input type="hidden" name="memberId" value={member.id} />
                  <div className="sm:col-span-2">
                    <Notice answer={actionData?.form === member.id ? actionData : undefined} />
                  </div>
                  <RoleAndOffices
                    role={member.role}
                    chosen={member.offices}
                    offices={offices}
                    idPrefix={member.id}
                  />
                  <div className="flex gap-3 sm:col-span-2">
                    <DeskButton
                      type="submit"
                      name="intent"
                      value="access"
                      look="outline"
                      disabled={busy}
                    >
                      Save access
                    </DeskButton>
                    {member.id === staff.id ? null : (
                      <DeskButton
                        type="submit"
                        name="intent"
                        value="disable"
                        look="outline"
                        disabled={busy}
                      >
                        Disable
                      </DeskButton>
                    )}
                  </div>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
