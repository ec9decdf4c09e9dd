import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * A reload this hook starts can be overtaken by a navigation (a click while leads arrive); React
 * Router then abandons the reload's request and leaves the promise of its aborted signal
 * unhandled. That is a cancellation, not a failure: it is kept out of the console and error
 * reports. Any other unhandled rejection is left alone.
 */
function ignoreAbandonedReload(event: PromiseRejectionEvent) {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") {
    event.preventDefault();
  }
}

if (typeof window !== "undefined") {
  window.addEventListener("unhandledrejection", ignoreAbandonedReload);
}

/**
 * While a desk page is open, news of the person's offices (a new lead, a homeowner's change)
 * reach it as they happen: the server says "lead" on a Server-Sent Events stream and the page
 * reloads its data. Returns how many arrived.
 */
export function useDeskEvents(enabled: boolean, streamPath = "/office/events") {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(streamPath);
    // News sent between the page's load and this stream's start, or while it was cut and the
    // browser reconnected, would be missed: each time the stream opens, the page reloads once.
    source.addEventListener("open", () => void revalidate.current());
    source.addEventListener("lead", () => {
      setArrived((count) => count + 1);
      void revalidate.current();
    });
    // The server ends the stream when the session ends or the person's access changes; the
    // browser comes back by itself. Refused (401 signed out, 429 too many tabs), EventSource
    // gives up for good: one reload then shows the page as it now is (the sign-in page, for a
    // session that ended) instead of a list that silently stopped updating.
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) void revalidate.current();
    });
    return () => source.close();
  }, [enabled, streamPath]);
  return arrived;
}
