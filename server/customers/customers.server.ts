/**
 * The desk's customers (`/office/customers/<id>`, and New request's look-up): read for the offices
 * of the signed-in person only (a customer is theirs to see when one of the customer's requests is
 * in their offices); edited and merged by an owner. A merge moves the other customer's keys and
 * requests to this one (each request through the door, with a line in its timeline) and writes
 * the merge in both customers' own timelines.
 */
import { randomUUID } from "node:crypto";

import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { formatCalendarDate } from "~/domain/after-the-job";
import { applianceName } from "~/domain/appliances";
import {
  customerMessages,
  type CustomerEdit,
  type CustomerPageView,
  type CustomerRequest,
  type KnownCaller,
} from "~/domain/customers";
import { formatMoney } from "~/domain/money";
import { isoDateIn } from "~/lib/dates";

import type { Database, Transaction } from "../db/database";
import { customerEvents, customerKeys, customers, serviceRequests } from "../db/schema";
import { leadOffices, type StaffMember } from "../desk/staff-accounts.server";
import { changeRequest, lockRequest, staffActor } from "../requests/request-door";
import { fromRequests, type ServiceRequestRow } from "../requests/request-rows";
import { emailKeyOf, lockCustomerKeys, ownersOf, phoneKeyOf } from "./customer-keys";

/** The most requests a customer's page lists (the newest). */
const pageRequestLimit = 50;
/** The most lines of a customer's own timeline the page shows. */
const pageEventLimit = 50;
/** The most appliances New request offers a known caller. */
const knownApplianceLimit = 10;

type CustomerRow = typeof customers.$inferSelect;

/** The customer's requests that `offices` may see: spam carries anyone's number and is none. */
function theirRequests(customerId: string, offices: readonly StateSlug[]) {
  return and(
    eq(serviceRequests.customerId, customerId),
    inArray(serviceRequests.office, [...offices]),
    ne(serviceRequests.status, "spam"),
    isNull(serviceRequests.erasedAt),
  );
}

type Contact = Pick<CustomerRow, "name" | "phone" | "email" | "address" | "zipCode">;

/**
 * The contact details `staff` is shown: an owner (every office) the customer's own; anyone else
 * those of the customer's newest request in their offices, since the customer's were typed for
 * a request of another office, maybe by someone else.
 */
async function contactFor(
  db: Database | Transaction,
  staff: StaffMember,
  customer: CustomerRow,
): Promise<Contact> {
  const own = {
    name: customer.name,
    phone: customer.phone,
    email: customer.email,
    address: customer.address,
    zipCode: customer.zipCode,
  };
  if (staff.role === "owner") return own;
  const [newest] = await db
    .select({
      name: serviceRequests.name,
      phone: serviceRequests.phone,
      email: serviceRequests.email,
      address: serviceRequests.address,
      zipCode: serviceRequests.zipCode,
    })
    .from(serviceRequests)
    .where(theirRequests(customer.id, leadOffices(staff)))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(1);
  return newest ?? own;
}

/** The customer, when `staff` may see them: not merged away, with a request in their offices. */
export async function visibleCustomer(
  db: Database | Transaction,
  staff: StaffMember,
  customerId: string,
): Promise<CustomerRow | null> {
  const offices = leadOffices(staff);
  if (offices.length === 0 || !isUuid(customerId)) return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.id, customerId),
        isNull(customers.mergedIntoId),
        isNull(customers.erasedAt),
        sql`exists (select 1 from ${serviceRequests} where ${theirRequests(customerId, offices)})`,
      ),
    );
  return row ?? null;
}

function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}

function monthOf(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "short", year: "numeric" }).format(
    date,
  );
}

/** "Washer, LG WM4000HWA serial 504KWBB1234". */
export function applianceOf(
  row: Pick<ServiceRequestRow, "selectedAppliance" | "brand" | "model" | "serialNumber">,
): string {
  const plate = [row.brand, row.model, row.serialNumber ? `serial ${row.serialNumber}` : ""]
    .filter((part) => part !== "")
    .join(" ");
  return `${applianceName(row.selectedAppliance)}${plate ? `, ${plate}` : ""}`;
}

/** One request as a customer's history shows it. */
export function customerRequestOf(row: ServiceRequestRow, now: Date): CustomerRequest {
  const timeZone = profileForState(row.office).timeZone;
  const today = isoDateIn(now, timeZone);
  const inWarranty =
    row.warrantyEnds !== null &&
    today <= row.warrantyEnds &&
    row.status === "completed" &&
    row.fieldStatus === "done";
  const warranty = row.warrantyEnds
    ? today <= row.warrantyEnds
      ? `in warranty until ${formatCalendarDate(row.warrantyEnds)}`
      : `warranty ended ${formatCalendarDate(row.warrantyEnds)}`
    : null;
  const paid =
    row.paidAt && row.paymentCents !== null && row.paymentMethod
      ? `paid ${formatMoney(row.paymentCents, { cents: "always" })}`
      : null;
  return {
    id: row.id,
    date: formatCalendarDate(isoDateIn(row.createdAt, timeZone)),
    appliance: applianceOf(row),
    status: row.status,
    workDone: row.workDone ?? null,
    paid,
    warranty,
    inWarranty,
  };
}

/** The customer's page: details, requests in the desk's offices, their own timeline. */
export async function customerPage(
  db: Database,
  staff: StaffMember,
  customerId: string,
  now: Date,
): Promise<CustomerPageView | null> {
  const customer = await visibleCustomer(db, staff, customerId);
  if (!customer) return null;
  const offices = leadOffices(staff);
  const [requests, events] = await Promise.all([
    fromRequests(db)
      .where(theirRequests(customer.id, offices))
      .orderBy(desc(serviceRequests.createdAt))
      .limit(pageRequestLimit),
    db
      .select()
      .from(customerEvents)
      .where(eq(customerEvents.customerId, customer.id))
      .orderBy(desc(customerEvents.at))
      .limit(pageEventLimit),
  ]);
  const timeZone = profileForState(requests[0]?.office ?? offices[0]!).timeZone;
  const first = requests.at(-1)?.createdAt ?? customer.createdAt;
  const when = new Intl.DateTimeFormat("en-US", {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return {
    id: customer.id,
    ...(await contactFor(db, staff, customer)),
    version: customer.version,
    since: monthOf(first < customer.createdAt ? first : customer.createdAt, timeZone),
    requests: requests.map((row) => customerRequestOf(row, now)),
    events: events.map((event) => ({
      id: event.id,
      text: `${when.format(event.at)}: ${event.detail} (${event.actorName})`,
      otherCustomerId: event.otherCustomerId,
    })),
  };
}

/**
 * New request's "Find the customer": the known caller of this phone in the desk's offices, and
 * the contact details the form fills in from.
 */
export async function findCaller(
  db: Database,
  staff: StaffMember,
  phone: string,
): Promise<{ caller: KnownCaller; contact: Contact } | null> {
  const key = phoneKeyOf(phone);
  if (!key) return null;
  const owner = (await ownersOf(db, [key])).get(key);
  const customer = owner ? await visibleCustomer(db, staff, owner) : null;
  if (!customer) return null;
  const rows = await db
    .select({
      id: serviceRequests.id,
      office: serviceRequests.office,
      selectedAppliance: serviceRequests.selectedAppliance,
      brand: serviceRequests.brand,
      model: serviceRequests.model,
      serialNumber: serviceRequests.serialNumber,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(theirRequests(customer.id, leadOffices(staff)))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(pageRequestLimit);
  const seen = new Set<string>();
  const appliances = rows.flatMap((row) => {
    const plate = applianceOf(row);
    if (seen.has(plate)) return [];
    seen.add(plate);
    const date = formatCalendarDate(isoDateIn(row.createdAt, profileForState(row.office).timeZone));
    return [
      {
        requestId: row.id,
        label: `${plate} (${date})`,
        selectedAppliance: row.selectedAppliance,
        brand: row.brand,
        model: row.model,
        serialNumber: row.serialNumber,
      },
    ];
  });
  const first = rows.at(-1);
  const contact = await contactFor(db, staff, customer);
  return {
    caller: {
      id: customer.id,
      name: contact.name,
      email: contact.email,
      since: monthOf(
        first && first.createdAt < customer.createdAt ? first.createdAt : customer.createdAt,
        profileForState(first?.office ?? leadOffices(staff)[0]!).timeZone,
      ),
      appliances: appliances.slice(0, knownApplianceLimit),
    },
    contact,
  };
}

export type CustomerChangeOutcome =
  | { ok: true; message: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> };

const fieldNames: Record<keyof Omit<CustomerEdit, "version">, string> = {
  name: "name",
  phone: "phone",
  email: "email",
  address: "address",
  zipCode: "zip code",
};

/**
 * An owner edits the customer's contact details. The new phone and email find this customer from
 * then on (the old ones still do: the requests made with them are theirs); one another customer
 * holds is refused, and a merge offered instead.
 */
export async function editCustomer(
  db: Database,
  staff: StaffMember,
  customerId: string,
  edit: CustomerEdit,
): Promise<CustomerChangeOutcome> {
  if (staff.role !== "owner") return { ok: false, reason: "not-found" };
  const keys = [phoneKeyOf(edit.phone), emailKeyOf(edit.email)].filter(
    (key): key is string => key !== null,
  );
  return db.transaction(async (tx) => {
    await lockCustomerKeys(tx, keys);
    const customer = await lockedCustomer(tx, staff, customerId);
    if (!customer) return { ok: false, reason: "not-found" };
    if (customer.version !== edit.version) {
      return { ok: false, reason: "invalid", fieldErrors: { form: customerMessages.conflict } };
    }
    const owners = await ownersOf(tx, keys);
    for (const [field, key] of [
      ["phone", phoneKeyOf(edit.phone)],
      ["email", emailKeyOf(edit.email)],
    ] as const) {
      const owner = key ? owners.get(key) : undefined;
      if (owner && owner !== customer.id) {
        return {
          ok: false,
          reason: "invalid",
          fieldErrors: { [field]: customerMessages.keyTaken(field) },
        };
      }
    }
    const changed = (Object.keys(fieldNames) as (keyof typeof fieldNames)[]).filter(
      (field) => edit[field] !== customer[field],
    );
    if (changed.length === 0) return { ok: true, message: customerMessages.edited };
    await tx
      .update(customers)
      .set({
        name: edit.name,
        phone: edit.phone,
        email: edit.email,
        address: edit.address,
        zipCode: edit.zipCode,
        version: customer.version + 1,
      })
      .where(eq(customers.id, customer.id));
    const newKeys = keys.filter((key) => !owners.has(key));
    if (newKeys.length > 0) {
      await tx
        .insert(customerKeys)
        .values(newKeys.map((key) => ({ key, customerId: customer.id })));
    }
    await writeCustomerEvent(tx, customer.id, staff, {
      kind: "edited",
      detail: `Details edited: ${changed.map((field) => fieldNames[field]).join(", ")}`,
    });
    return { ok: true, message: customerMessages.edited };
  });
}

/**
 * An owner merges the customer `other` names (their phone or email) into this one: the other's
 * phones and emails find this customer from then on, their requests become this customer's (each
 * through the door, with a line in its timeline), and both customers' timelines say so.
 */
export async function mergeCustomers(
  db: Database,
  staff: StaffMember,
  customerId: string,
  { version, other }: { version: number; other: string },
): Promise<CustomerChangeOutcome> {
  if (staff.role !== "owner") return { ok: false, reason: "not-found" };
  const typed = other.trim();
  const key = typed.includes("@") ? emailKeyOf(typed) : phoneKeyOf(typed);
  const notFound = {
    ok: false as const,
    reason: "invalid" as const,
    fieldErrors: { other: customerMessages.otherNotFound },
  };
  if (!key) return notFound;
  const otherId = (await ownersOf(db, [key])).get(key);
  if (!otherId) return notFound;
  if (otherId === customerId) {
    return { ok: false, reason: "invalid", fieldErrors: { other: customerMessages.sameCustomer } };
  }
  return db.transaction(async (tx) => {
    // Every key of both: a booking of either's phone waits for the merge, and then joins the one.
    const held = await tx
      .select({ key: customerKeys.key })
      .from(customerKeys)
      .where(inArray(customerKeys.customerId, [customerId, otherId]));
    await lockCustomerKeys(
      tx,
      held.map((row) => row.key),
    );
    const customer = await lockedCustomer(tx, staff, customerId);
    if (!customer) return { ok: false, reason: "not-found" };
    const merged = await lockedCustomer(tx, staff, otherId);
    if (!merged) return notFound;
    if (customer.version !== version) {
      return { ok: false, reason: "invalid", fieldErrors: { form: customerMessages.conflict } };
    }
    // The other customer's requests in offices the owner does not work are not theirs to move.
    const [elsewhere] = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.customerId, merged.id),
          notInArray(serviceRequests.office, leadOffices(staff)),
        ),
      )
      .limit(1);
    if (elsewhere) return notFound;
    await tx
      .update(customerKeys)
      .set({ customerId: customer.id })
      .where(eq(customerKeys.customerId, merged.id));
    const moved = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, merged.id))
      .orderBy(asc(serviceRequests.createdAt));
    for (const { id } of moved) {
      const request = await lockRequest(tx, id);
      if (!request) continue;
      await changeRequest(
        tx,
        request,
        {
          set: { customerId: customer.id },
          event: {
            kind: "customer",
            detail:
              "Customer records merged: this request is now with the customer's other requests",
          },
        },
        staffActor(staff),
      );
    }
    // Customers merged into the merged one earlier point here too: one step from any to this one.
    await tx
      .update(customers)
      .set({ mergedIntoId: customer.id })
      .where(eq(customers.mergedIntoId, merged.id));
    await tx
      .update(customers)
      .set({ mergedIntoId: customer.id, version: merged.version + 1 })
      .where(eq(customers.id, merged.id));
    await tx
      .update(customers)
      .set({ version: customer.version + 1 })
      .where(eq(customers.id, customer.id));
    const requests = moved.length === 1 ? "1 request" : `${moved.length} requests`;
    await writeCustomerEvent(tx, customer.id, staff, {
      kind: "merged",
      detail: `Another customer merged into this one, with ${requests}`,
      otherCustomerId: merged.id,
    });
    await writeCustomerEvent(tx, merged.id, staff, {
      kind: "merged",
      detail: `Merged into another customer, with ${requests}`,
      otherCustomerId: customer.id,
    });
    return { ok: true, message: customerMessages.merged(moved.length) };
  });
}

/** The customer, locked for the transaction, when `staff` may see them. */
async function lockedCustomer(
  tx: Transaction,
  staff: StaffMember,
  customerId: string,
): Promise<CustomerRow | null> {
  const visible = await visibleCustomer(tx, staff, customerId);
  if (!visible) return null;
  const [locked] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.mergedIntoId)))
    .for("update");
  return locked ?? null;
}

async function writeCustomerEvent(
  tx: Transaction,
  customerId: string,
  staff: StaffMember,
  event: Pick<typeof customerEvents.$inferInsert, "kind" | "detail" | "otherCustomerId">,
): Promise<void> {
  await tx.insert(customerEvents).values({
    id: randomUUID(),
    customerId,
    actorId: staff.id,
    actorName: staff.name,
    ...event,
  });
}
