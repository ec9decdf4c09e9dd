import { profileForState } from "~/content/company";
import { stateBySlug } from "~/content/states";
import { formatOfficeTime } from "~/domain/office-time";
import { deskVisitStyle, formatVisit } from "~/domain/visit";

import type { InboxLead, InboxPage, InboxRow } from "~/domain/inbox";

/** "July 15, 2031, morning (8:00 AM - 12:00 PM)": the desk's way of writing a visit. */
function requestedVisit(lead: InboxLead) {
  if (lead.kind !== "service-request") return "";
  return formatVisit(lead.preferredDate, lead.preferredTime, null, deskVisitStyle);
}

/**
 * The inbox as the page shows it. Formatted on the server: the desk's pages carry no copy of the
 * site's content modules (which would also split them out of the public pages' bundles).
 */
export function inboxRowsFrom<Page extends InboxPage>(
  page: Page,
): Omit<Page, "leads"> & { leads: InboxRow[] } {
  return {
    ...page,
    leads: page.leads.map((lead) => {
      const slug = lead.office;
      const profile = profileForState(slug);
      return {
        ...lead,
        receivedAt: formatOfficeTime(
          new Date(lead.createdAt),
          profile.timeZone,
          null,
          "date-and-clock",
        ),
        timeZoneLabel: profile.timeZoneLabel,
        officeName: stateBySlug(slug)?.name ?? lead.office,
        requestedVisit: requestedVisit(lead),
      };
    }),
  };
}
