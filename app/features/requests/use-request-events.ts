import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** A reload overtaken by a navigation is a cancellation: kept out of the console (as the desk's). */
function ignoreAbandonedReload(event: PromiseRejectionEvent) {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") {
    event.preventDefault();
  }
}

/**
 * While the homeowner's page is open, the office's and the technician's changes reach it as they
 * happen ("Alex is on the way"): the server says "change" on a Server-Sent Events stream under
 * the page's own address, and the page reloads its data.
 */
export function useRequestEvents(enabled: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener("unhandledrejection", ignoreAbandonedReload);
    const source = new EventSource(`${window.location.pathname.replace(/\/$/, "")}/events`);
    let opened = false;
    // A change made while the stream was cut (and the browser reconnected) would be missed:
    // each reopening reloads once.
    source.addEventListener("open", () => {
      if (opened) void revalidate.current();
      opened = true;
    });
    source.addEventListener("change", () => void revalidate.current());
    return () => {
      source.close();
      window.removeEventListener("unhandledrejection", ignoreAbandonedReload);
    };
  }, [enabled]);
}
