import { Form, NavLink } from "react-router";

import { Button } from "~/components/ui/button";

const sections = [
  { to: "/office", label: "Inbox", ownersOnly: false },
  { to: "/office/subscribers", label: "Subscribers", ownersOnly: false },
  { to: "/office/staff", label: "Staff", ownersOnly: true },
  { to: "/office/windows", label: "Windows", ownersOnly: true },
  { to: "/office/privacy", label: "Privacy requests", ownersOnly: true },
  { to: "/office/account", label: "Your account", ownersOnly: false },
] as const;

/** The desk's own header: its sections, who is signed in, and Sign out. */
export function DeskHeader({
  title,
  staff,
}: {
  title: string;
  staff: { name: string; role: "owner" | "dispatcher" };
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
      <div>
        <p className="text-sm font-semibold text-brand-700">Office desk</p>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <nav aria-label="Desk" className="mt-2">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sections
              .filter((section) => !section.ownersOnly || staff.role === "owner")
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
          {staff.name} ({staff.role === "owner" ? "Owner" : "Dispatcher"})
        </span>
        <Form method="post" action="/office/sign-out">
          <Button type="submit" variant="outline">
            Sign out
          </Button>
        </Form>
      </div>
    </header>
  );
}
