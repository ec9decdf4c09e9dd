import { Form, NavLink } from "react-router";

import { Button } from "~/components/ui/button";
import { staffRoleLabels, type StaffRoleName } from "~/domain/staff-roles";

const everyone: readonly StaffRoleName[] = ["owner", "dispatcher", "technician"];
const office: readonly StaffRoleName[] = ["owner", "dispatcher"];
const owners: readonly StaffRoleName[] = ["owner"];

/** The desk's sections and who has them (the routes' guards are what refuse the others). */
const sections: readonly { to: string; label: string; roles: readonly StaffRoleName[] }[] = [
  { to: "/office", label: "Inbox", roles: office },
  { to: "/office/day", label: "My day", roles: ["technician"] },
  { to: "/office/dispatch", label: "Dispatch", roles: office },
  { to: "/office/subscribers", label: "Subscribers", roles: office },
  { to: "/office/staff", label: "Staff", roles: owners },
  { to: "/office/windows", label: "Windows", roles: owners },
  { to: "/office/prices", label: "Prices", roles: owners },
  { to: "/office/reviews", label: "Reviews", roles: owners },
  { to: "/office/numbers", label: "Numbers", roles: owners },
  { to: "/office/privacy", label: "Privacy requests", roles: owners },
  { to: "/office/account", label: "Your account", roles: everyone },
];

/** The desk's own header: its sections, who is signed in, and Sign out. */
export function DeskHeader({
  title,
  staff,
}: {
  title: string;
  staff: { name: string; role: StaffRoleName };
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
      <div>
        <p className="text-sm font-semibold text-brand-700">Office desk</p>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <nav aria-label="Desk" className="mt-2">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sections
              .filter((section) => section.roles.includes(staff.role))
              .map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end
                    className="text-brand-700 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </div>
      <div className="flex items-center gap-4 text-sm text-slate-700">
        <span>
          {staff.name} ({staffRoleLabels[staff.role]})
        </span>
        {/* A page load, not the router's fetch: the page drops what it held (the desk's rows, its
            live stream), and nothing more is fetched through My day's worker while Clear-Site-Data
            takes it away. */}
        <Form method="post" action="/office/sign-out" reloadDocument>
          <Button type="submit" variant="outline">
            Sign out
          </Button>
        </Form>
      </div>
    </header>
  );
}
