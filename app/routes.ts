import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The public pages, each at its English address and its Spanish twin under `/es` (issue 39): the
 * same module answers both, and reads its language from the address (app/lib/locale.ts). The
 * forms the pages post to come along, so that a Spanish form is answered in Spanish.
 */
const publicPages: ReadonlyArray<readonly [path: string, file: string]> = [
  ["", "routes/home.tsx"],
  ["services", "routes/services.tsx"],
  ["services/:slug", "routes/service-detail.tsx"],
  ["service-areas", "routes/service-areas.tsx"],
  ["service-areas/:state", "routes/service-area-state.tsx"],
  ["brands", "routes/brands.tsx"],
  ["reviews", "routes/reviews.tsx"],
  ["contact", "routes/contact.tsx"],
  ["policy", "routes/policy.tsx"],
  ["location", "routes/location.tsx"],
  ["modals/schedule", "routes/modals.schedule.tsx"],
  ["newsletter", "routes/newsletter.tsx"],
];

const englishPages = publicPages.map(([path, file]) =>
  path === "" ? index(file) : route(path, file),
);
const spanishPages = publicPages.map(([path, file]) =>
  route(path === "" ? "es" : `es/${path}`, file, { id: `es/${file}` }),
);

export default [
  ...englishPages,
  ...spanishPages,
  route("403", "routes/forbidden.tsx"),
  route("helmet", "routes/helmet-demo.tsx"),
  route("modals/example", "routes/modals.example.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("requests/:token", "routes/requests.tsx"),
  route("requests/:token/photos/:photoId", "routes/requests.photo.ts"),
  route("requests/:token/events", "routes/requests.events.ts"),
  route("requests/:token/receipt", "routes/requests.receipt.tsx"),
  route("requests/:token/pay", "routes/requests.pay.tsx"),
  // The office desk: one layout reads the session; the signed-in and owners' layouts guard.
  // Pathless, so that /office is the inbox's own address (a form posts there, not to a layout).
  layout("routes/office.tsx", [
    route("office/sign-in", "routes/office.sign-in.tsx"),
    route("office/sign-in/code", "routes/office.sign-in-code.tsx"),
    route("office/sign-out", "routes/office.sign-out.tsx"),
    route("office/invitation/:token", "routes/office.invitation.tsx"),
    // Form posts that answer a file (and send a GET back to their page).
    route("office/export", "routes/office.export.ts"),
    route("office/privacy/export", "routes/office.privacy-export.ts"),
    layout("routes/office.staff-only.ts", [
      route("office/account", "routes/office.account.tsx"),
      route("office/day", "routes/office.day.tsx"),
      layout("routes/office.office-only.ts", [
        route("office", "routes/office.inbox.tsx"),
        route("office/leads/new", "routes/office.leads-new.tsx"),
        route("office/leads/:id", "routes/office.lead.tsx"),
        route("office/customers/:id", "routes/office.customer.tsx"),
        route("office/subscribers", "routes/office.subscribers.tsx"),
        route("office/dispatch", "routes/office.dispatch.tsx"),
        layout("routes/office.owners-only.ts", [
          route("office/staff", "routes/office.staff.tsx"),
          route("office/windows", "routes/office.windows.tsx"),
          route("office/prices", "routes/office.prices.tsx"),
          route("office/privacy", "routes/office.privacy.tsx"),
          route("office/reviews", "routes/office.reviews.tsx"),
          route("office/numbers", "routes/office.numbers.tsx"),
          route("office/numbers/export", "routes/office.numbers-export.ts"),
        ]),
      ]),
    ]),
    layout("routes/office.staff-files.ts", [
      route("office/events", "routes/office.events.ts"),
      route("office/day/events", "routes/office.day-events.ts"),
      route("office/leads/:id/photos/:photoId", "routes/office.lead-photo.ts"),
      route("office/subscribers/export", "routes/office.subscribers-export.ts"),
    ]),
    route("office/*", "routes/office.not-found.tsx"),
  ]),
  route("office/day-worker.js", "routes/office.day-worker.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("es/*", "routes/not-found.tsx", { id: "es/routes/not-found.tsx" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
