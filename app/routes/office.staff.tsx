import { data, Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { DeskHeader } from "~/features/desk/desk-header";
import { RoleAndOffices } from "~/features/desk/role-and-offices";
import { deskMeta } from "~/features/desk/headers";
import { invitationSchema, staffAccessSchema } from "~/domain/staff";
import { stateBySlug, stateSlugs } from "~/content/states";

import { signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import {
  changeStaffAccess,
  disableStaffById,
  inviteStaff,
  refusalOf,
  staffOverview,
} from "../../server/desk/staff-management.server";

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

/** The invitation form's answer, or a staff member's form's (`form` is their id). */
type StaffResult = FormResult;

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db, config } = servicesOf(context).desk;
  const form = await postedForm(request);
  const offices = form.list("offices");
  const intent = form.text("intent");
  const answer = (result: StaffResult, status = 200) => data(result, { status });
  const refuse = (which: string, message: string) =>
    answer({ form: which, status: "invalid", message }, 400);
  if (intent === "invite") {
    const parsed = invitationSchema.safeParse({
      email: form.text("email"),
      name: form.text("name"),
      role: form.text("role"),
      offices,
    });
    if (!parsed.success) {
      return answer(
        { form: "invite", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
        400,
      );
    }
    const refused = await refusalOf(inviteStaff(db, config, staff, parsed.data));
    if (refused) return refuse("invite", refused);
    return answer({
      form: "invite",
      status: "success",
      message: `Invitation sent to ${parsed.data.email}.`,
    });
  }
  const memberId = form.text("memberId");
  if (intent === "access") {
    const parsed = staffAccessSchema.safeParse({ role: form.text("role"), offices });
    if (!parsed.success)
      return refuse(memberId, parsed.error.issues[0]?.message ?? "Check the role");
    const refused = await refusalOf(changeStaffAccess(db, memberId, parsed.data));
    if (refused) return refuse(memberId, refused);
    return answer({ form: memberId, status: "success", message: "Saved." });
  }
  if (intent === "disable") {
    if (memberId === staff.id) return refuse(memberId, "You cannot disable yourself.");
    const refused = await refusalOf(disableStaffById(db, memberId));
    if (refused) return refuse(memberId, refused);
    return answer({
      form: memberId,
      status: "success",
      message: "Disabled and signed out everywhere.",
    });
  }
  return refuse("invite", "Unknown action");
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, offices, overview } = loaderData;
  const busy = useNavigation().state !== "idle";
  const inviteAnswer = actionData?.form === "invite" ? actionData : undefined;
  const inviteErrors = fieldErrorsIn(inviteAnswer);
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
            <ResultNotice result={inviteAnswer} />
          </div>
          <Field label="Name" error={inviteErrors.name}>
            {(wiring) => <Input {...wiring} name="name" autoComplete="off" />}
          </Field>
          <Field label="Email" error={inviteErrors.email}>
            {(wiring) => <Input {...wiring} type="email" name="email" autoComplete="off" />}
          </Field>
          <RoleAndOffices role="dispatcher" chosen={[]} offices={offices} idPrefix="invite" />
          {inviteErrors.offices ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {inviteErrors.offices}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Send invitation
            </Button>
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
                    <ResultNotice
                      result={actionData?.form === member.id ? actionData : undefined}
                    />
                  </div>
                  <RoleAndOffices
                    role={member.role}
                    chosen={member.offices}
                    offices={offices}
                    idPrefix={member.id}
                  />
                  <div className="flex gap-3 sm:col-span-2">
                    <Button
                      type="submit"
                      name="intent"
                      value="access"
                      variant="outline"
                      disabled={busy}
                    >
                      Save access
                    </Button>
                    {member.id === staff.id ? null : (
                      <Button
                        type="submit"
                        name="intent"
                        value="disable"
                        variant="outline"
                        disabled={busy}
                      >
                        Disable
                      </Button>
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
