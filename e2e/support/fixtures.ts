import {
  test as base,
  expect,
  type Browser,
  type Frame,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { untilOfficeMidnight } from "./office-midnight";

/**
 * Pages load their scripts after the first paint, so a journey that clicks at once could act
 * on HTML that is not interactive yet. `page.goto` returns once an HTML page is hydrated. And
 * any Content-Security-Policy violation is logged as a console error, which fails the journey.
 */
async function prepare(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response?.headers()["content-type"]?.startsWith("text/html")) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    return response;
  };
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return page;
}

interface JourneyFixtures {
  /** Console errors a test provokes on purpose (a 404 document logs one, for example). */
  expectedConsoleErrors: RegExp | null;
  consoleErrors: string[];
  /** Stops the last file's server when this test is another file's (see `FileResources`). */
  otherFilesReleased: null;
  /** Waits out an office's midnight that would fall inside the journey (see `untilOfficeMidnight`). */
  officeMidnightPassed: null;
}

/** What a journey file keeps while its tests run: an extra server, a provider's stand-in. */
export interface FileResource {
  stop(): Promise<void>;
}

/**
 * The extra server (or stand-in) of the file whose tests this worker is running, one at a time:
 * started the first time a test of the file asks, kept for the file's next tests, stopped once
 * the worker goes on to a test of another file (or ends). Each file has a server of its own as
 * when it was a worker fixture of the file's, but the worker, its Chromium and its page stay:
 * a worker fixture defined in a spec file gives its tests a worker of their own (a whole run
 * started 19 workers and 19 browsers that way, 5 and 6 this way: 928 → 879 CPU-s).
 */
export class FileResources {
  private held: { file: string; resource: Promise<FileResource> } | null = null;

  async hold<Resource extends FileResource>(
    file: string,
    start: () => Promise<Resource>,
  ): Promise<Resource> {
    if (this.held?.file !== file) {
      await this.release();
      this.held = { file, resource: start() };
    }
    return this.held.resource as Promise<Resource>;
  }

  async releaseUnless(file: string) {
    if (this.held && this.held.file !== file) await this.release();
  }

  async release() {
    const held = this.held;
    this.held = null;
    const resource = await held?.resource.catch(() => null);
    await resource?.stop();
  }
}

/**
 * A test fixture for a journey file's own server: `start` runs the first time one of the file's
 * tests asks for it in this worker (see `FileResources`).
 */
export function fileServer<Resource extends FileResource>(start: () => Promise<Resource>) {
  return async (
    { fileResources }: { fileResources: FileResources },
    use: (resource: Resource) => Promise<void>,
    testInfo: TestInfo,
  ) => {
    await use(await fileResources.hold(testInfo.file, start));
  };
}

interface JourneyWorkerFixtures {
  fileResources: FileResources;
  /** The page `sharedPageTest` keeps from one journey to the next, with the base URL it has. */
  workerPage: { page: Page | null; baseURL: string | undefined };
}

/**
 * Every journey fails on a console error or an uncaught exception in the page. Its page is a
 * fresh one (see `sharedPageTest` for one kept by the worker). Both have the same worker
 * fixtures, defined here, so that a worker runs journeys of every file.
 */
export const test = base.extend<JourneyFixtures, JourneyWorkerFixtures>({
  fileResources: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const resources = new FileResources();
      await use(resources);
      await resources.release();
    },
    // A server may take up to a minute to stop (its requests and emails in flight).
    { scope: "worker", timeout: 90_000 },
  ],
  workerPage: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const holder: JourneyWorkerFixtures["workerPage"] = { page: null, baseURL: undefined };
      await use(holder);
      await holder.page?.context().close();
    },
    { scope: "worker" },
  ],
  otherFilesReleased: [
    async ({ fileResources }, use, testInfo) => {
      await fileResources.releaseUnless(testInfo.file);
      await use(null);
    },
    { auto: true },
  ],
  officeMidnightPassed: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const wait = untilOfficeMidnight(new Date());
      if (wait !== null) {
        testInfo.setTimeout(testInfo.timeout + wait + 5_000);
        await new Promise((resolve) => setTimeout(resolve, wait + 2_000));
      }
      await use(null);
    },
    { auto: true },
  ],
  page: async ({ page }, run) => {
    await run(await prepare(page));
  },
  expectedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const onConsole = (message: { type(): string; text(): string }) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!expectedConsoleErrors?.test(text)) errors.push(text);
      };
      const onPageError = (error: Error) => errors.push(error.message);
      page.on("console", onConsole);
      page.on("pageerror", onPageError);
      await use(errors);
      page.off("console", onConsole);
      page.off("pageerror", onPageError);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Events a journey may listen to on its page; a shared page drops their listeners after each. */
const journeyEvents = [
  "console",
  "dialog",
  "download",
  "filechooser",
  "framenavigated",
  "load",
  "domcontentloaded",
  "pageerror",
  "popup",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "websocket",
] as const;

/**
 * One page per worker, kept from one journey to the next. A fresh browser context costs
 * Chromium a renderer process and a cold load of the site's scripts, about 1.8 CPU-seconds on
 * this machine, where a page read in a warm one costs about 0.5. Each journey still starts from
 * its own `goto`, at the viewport it asks for; after it the page is left for about:blank and
 * everything a journey could leave for the next is cleared: the storage of every origin it
 * visited, the cookies, other tabs, routes, headers, listeners, the pointer. Service workers are
 * blocked (field-offline.spec.ts, which needs one, keeps a fresh page per journey). After a
 * failure Playwright starts a new worker, page and all.
 */
export const sharedPageTest = test.extend({
  // A journey's `context` is its page's; a tab it opens there has the journey's viewport, as a
  // fresh context's would.
  context: async ({ page, viewport }, run) => {
    const context = page.context();
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const opened = await newPage();
      await opened.setViewportSize(viewport ?? sharedViewport);
      return opened;
    };
    await run(context);
    context.newPage = newPage;
  },
  page: async ({ browser, baseURL, viewport, workerPage }, run) => {
    // Another file's journeys, on a server of their own: a page whose base URL is theirs.
    if (workerPage.page && workerPage.baseURL !== baseURL) {
      await workerPage.page.context().close();
      workerPage.page = null;
    }
    workerPage.page ??= await prepare(await newSharedPage(browser, baseURL));
    workerPage.baseURL = baseURL;
    const page = workerPage.page;
    await page.setViewportSize(viewport ?? sharedViewport);
    // The pointer where a fresh page has it: off every menu the last journey hovered.
    await page.mouse.move(0, 0);
    const visited = new Set<string>();
    const onNavigated = (frame: Frame) => {
      if (frame.url().startsWith("http")) visited.add(new URL(frame.url()).origin);
    };
    page.on("framenavigated", onNavigated);
    await run(page);
    // `onNavigated` among them.
    for (const event of journeyEvents) page.removeAllListeners(event);
    for (const other of page.context().pages()) if (other !== page) await other.close();
    await page.setExtraHTTPHeaders({});
    await page.unrouteAll({ behavior: "ignoreErrors" });
    // This tab's session storage goes with its document; the rest of each origin's below.
    if (page.url().startsWith("http")) await page.evaluate(() => sessionStorage.clear());
    // Left for about:blank from inside the page: the same navigation asked of the browser made
    // Chromium start two renderer processes for every journey (about 0.2 CPU-s each time).
    if (page.url().startsWith("http")) {
      await page.evaluate(() => location.assign("about:blank"));
      await page.waitForURL("about:blank", { timeout: 5_000 }).catch(() => null);
    }
    if (page.url() !== "about:blank") await page.goto("about:blank");
    const devtools = await page.context().newCDPSession(page);
    for (const origin of visited) {
      await devtools.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    }
    await devtools.detach();
    await page.context().clearCookies();
  },
});

/** The configuration's viewport (playwright.config.ts), for a journey that names none. */
const sharedViewport = { width: 1280, height: 800 };

/**
 * The worker's context. Playwright gives a context made inside a test the options of that test
 * for every one not named here: without the viewport, the journey that happened to make it (one
 * at 375 px) set the size of every tab later journeys opened in it, and a desk journey's second
 * tab, at 375 px, waited for ever on the header's "Schedule Service" link, which a phone hides.
 */
async function newSharedPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: "block",
    viewport: sharedViewport,
  });
  return context.newPage();
}

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
