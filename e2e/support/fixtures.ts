import { test as base, expect } from "@playwright/test";

/** Every journey fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp | null }>({
  /**
   * Pages load their scripts after the first paint, so a journey that clicks at once could act
   * on HTML that is not interactive yet. `page.goto` returns once an HTML page is hydrated.
   */
  page: async ({ page }, run) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()["content-type"]?.startsWith("text/html")) {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      }
      return response;
    };
    await run(page);
  },
  /** Console errors a test provokes on purpose (a 404 document logs one, for example). */
  expectedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!expectedConsoleErrors?.test(text)) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      // Any Content-Security-Policy violation fails the journey.
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const publicRoutes = [
  { path: "/", heading: /#1 Appliance Repair Service in/ },
  { path: "/services", heading: "Our Appliance Repair Services" },
  { path: "/services/refrigerator", heading: "Refrigerator Repair" },
  { path: "/services/washer", heading: "Washer Repair" },
  { path: "/services/dryer", heading: "Dryer Repair" },
  { path: "/services/oven", heading: "Oven & Range Repair" },
  { path: "/services/dishwasher", heading: "Dishwasher Repair" },
  { path: "/services/microwave", heading: "Microwave Repair" },
  { path: "/service-areas", heading: "Areas We Serve" },
  { path: "/service-areas/virginia", heading: "Appliance Repair in Virginia" },
  { path: "/service-areas/new-jersey", heading: "Appliance Repair in New Jersey" },
  { path: "/service-areas/texas", heading: "Appliance Repair in Texas" },
  { path: "/service-areas/north-carolina", heading: "Appliance Repair in North Carolina" },
  { path: "/service-areas/florida", heading: "Appliance Repair in Florida" },
  { path: "/service-areas/massachusetts", heading: "Appliance Repair in Massachusetts" },
  { path: "/brands", heading: "Our Supported Brands" },
  { path: "/reviews", heading: "Customer Reviews" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/policy", heading: "Privacy Policy" },
  { path: "/location", heading: "Your Location" },
  { path: "/403", heading: "403 PAGE FORBIDDEN" },
  { path: "/helmet", heading: "Page Metadata Demo" },
] as const;
