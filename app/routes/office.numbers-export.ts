import { download, plainAnswer, signedInOf } from "~/features/desk/desk-route.server";
import { servicesOf } from "~/services.server";

import { isNumbersTable } from "~/domain/numbers";

import { clickConversionsOf, conversionsCsv } from "../../server/numbers/conversions.server";
import {
  moneyCsv,
  numbersChoiceOf,
  ownerNumbers,
  sourcesCsv,
  speedCsv,
  techniciansCsv,
} from "../../server/numbers/numbers.server";

import type { Route } from "./+types/office.numbers-export";

// A table of the owner's numbers as CSV, for the range and office the page shows.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  // The owners' layout answers anyone else first; said again for a file that leaves the desk.
  if (staff.role !== "owner") return plainAnswer(404, "Not found");
  const { db, visits, config } = servicesOf(context).desk;
  const params = new URL(request.url).searchParams;
  const table = params.get("table");
  if (!isNumbersTable(table)) return plainAnswer(404, "Not found");
  const choice = numbersChoiceOf(params, staff, visits.now());
  if (!choice.ok) return plainAnswer(400, choice.message);
  const office = choice.office ? `-${choice.office}` : "";
  const name = `${table}${office}-${choice.range.from}-to-${choice.range.to}.csv`;
  if (table === "conversions") {
    const conversions = await clickConversionsOf(db, choice.offices, choice.range);
    return download(conversionsCsv(conversions), "text/csv", name);
  }
  const numbers = await ownerNumbers(db, staff, choice, visits.now(), config.SITE_URL);
  const csv = {
    sources: sourcesCsv,
    technicians: techniciansCsv,
    money: moneyCsv,
    speed: speedCsv,
  }[table];
  return download(csv(numbers), "text/csv", name);
}
