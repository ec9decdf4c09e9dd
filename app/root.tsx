import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useOutlet,
  useRouteLoaderData,
} from "react-router";

import type { Route } from "./+types/root";
import "./app.css";
import { PhoneActionBar } from "./components/phone-action-bar";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { MapSection } from "./components/map-section";
import { PageNotice } from "./components/form-status";
import { StatusPage } from "./components/status-page";
import { LazyToaster } from "./components/ui/toaster-lazy";
import { NewsletterForm } from "./features/newsletter/newsletter-form";
import { startLocationDetection } from "./lib/location-store";
import { htmlLang } from "./lib/locale";
import { useLocale } from "./lib/use-locale";
import type { RootMatchData } from "./lib/meta";
import { backgroundLocationOf, setModalOpen } from "./lib/page-location";
import { regionParam } from "./lib/region";
import type { DeskHandle } from "./features/desk/headers";
import * as m from "./components/shell-messages";
import { servicesOf } from "./services.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader({ context }: Route.LoaderArgs): RootMatchData {
  const { publicConfig, detectedState } = servicesOf(context);
  return { ...publicConfig, detectedState };
}

// The root's data is configuration: it never changes between navigations.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The app's scripts load after the first paint; this marks the page interactive (journeys
  // wait for it before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const locale = useLocale();
  return (
    <html lang={htmlLang(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

interface ModalHandle {
  modal?: boolean;
}

export interface ModalOutletContext {
  /** True when the page the modal was opened from is still rendered behind it. */
  hasBackgroundPage: boolean;
}

/**
 * Modal routes (/modals/...) open over the page the visitor was on: that page's element is
 * kept and rendered behind the modal while the navigation state names it as the background.
 */
function usePageBehindModal() {
  const location = useLocation();
  const matches = useMatches();
  const isModal = matches.some((match) => (match.handle as ModalHandle | undefined)?.modal);
  const background = backgroundLocationOf(location);
  const [lastPage, setLastPage] = useState<{ key: string; element: React.ReactNode } | null>(null);
  const pageBehind = isModal && background && lastPage?.key === background.key ? lastPage : null;
  const outletContext: ModalOutletContext = { hasBackgroundPage: pageBehind !== null };
  useEffect(() => setModalOpen(isModal), [isModal]);
  useFocusOnNewPage(isModal);
  const outlet = useOutlet(outletContext);
  if (!isModal && lastPage?.key !== location.key) {
    setLastPage({ key: location.key, element: outlet });
  }
  // Visited directly, a modal route renders its own default page behind itself (home).
  if (!pageBehind) return { page: outlet, modal: null };
  return { page: pageBehind.element, modal: outlet };
}

/**
 * After a navigation to another page, focus goes to the page's content, as it would on a page
 * load: a keyboard or screen-reader user continues from there, not from a link that has gone.
 * The region added to the address, a modal opening or closing over the page and a link to a
 * fragment are not new pages.
 */
function useFocusOnNewPage(isModal: boolean) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete(regionParam);
  const page = `${location.pathname}?${search.toString()}`;
  const lastPage = useRef<string | null>(null);
  useEffect(() => {
    if (isModal) return;
    const previous = lastPage.current;
    lastPage.current = page;
    if (previous === null || previous === page || location.hash) return;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [isModal, page, location.hash]);
}

/**
 * Start-up (spec section 4): take the detected location, and put the detected state into an
 * address that names no region, without a reload.
 */
function useRegionStartUp(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const detectedState = useRouteLoaderData<RootMatchData>("root")?.detectedState ?? null;
  useEffect(() => {
    if (enabled) startLocationDetection();
  }, [enabled]);
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!enabled || !detectedState || search.has(regionParam)) return;
    search.set(regionParam, detectedState);
    void navigate(
      { pathname: location.pathname, search: `?${search.toString()}`, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [enabled, detectedState, location, navigate]);
}

/** The office desk's pages (`handle.desk`) are the company's own: no public header, map or footer. */
function useIsDeskPage() {
  return useMatches().some((match) => (match.handle as DeskHandle | undefined)?.desk);
}

export default function App() {
  const isDeskPage = useIsDeskPage();
  const locale = useLocale();
  useRegionStartUp(!isDeskPage);
  const { page, modal } = usePageBehindModal();
  if (isDeskPage) {
    return (
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {page}
      </main>
    );
  }
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.skip_to_content({}, { locale })}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <PageNotice />
        {page}
      </main>
      <MapSection />
      <SiteFooter newsletter={<NewsletterForm tone="dark" />} />
      <PhoneActionBar />
      {modal}
      <LazyToaster />
    </>
  );
}

// A desk error a middleware threw is drawn here (see below): its page is loaded only then, so
// the public pages' first load carries none of it.
const DeskErrorPage = lazy(() => import("./features/desk/desk-error-page"));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = useLocale();
  // An error a desk middleware threw (a dispatcher on an owners' page) is the desk's own.
  if (useIsDeskPage()) {
    return (
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense>
          <DeskErrorPage error={error} />
        </Suspense>
      </main>
    );
  }
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  // The server logged it already (entry.server.tsx, one line); the browser's console shows it.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        <StatusPage
          title={is404 ? m.error_not_found_title({}, { locale }) : m.error_title({}, { locale })}
        >
          <p className="mt-4 text-slate-700">
            {is404 ? m.error_not_found_text({}, { locale }) : m.error_text({}, { locale })}
          </p>
        </StatusPage>
      </main>
      <SiteFooter />
    </>
  );
}
