import { redirect } from "react-router";

import { download, plainAnswer, staffOr401 } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { servicesOf } from "~/services.server";

import { exportPrivacyRecords, privacySubjectFrom } from "../../server/desk/privacy.server";

import type { Route } from "./+types/office.privacy-export";

export function loader() {
  return redirect("/office/privacy");
}

// The person's records as one JSON file (owners only; the email or phone travels in the body).
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = staffOr401(context);
  if (signedIn instanceof Response) return signedIn;
  if (signedIn.staff.role !== "owner") return plainAnswer(404, "Not found");
  const who = (await postedForm(request)).text("who").slice(0, 254);
  const subject = privacySubjectFrom(who);
  if (!subject) return plainAnswer(400, "Enter an email address or a 10-digit US phone number");
  const document = await exportPrivacyRecords(servicesOf(context).desk.db, signedIn.staff, subject);
  return download(document, "application/json", "privacy-export.json");
}
