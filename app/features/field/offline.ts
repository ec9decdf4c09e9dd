import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";

/**
 * My day without a signal: the page is kept by a service worker (routes/office.day-worker.ts),
 * and a tap made offline waits on the phone (local storage) until the connection returns, then is
 * sent with the key its form was given, so the server stores it once however often it is sent.
 */
const storageKey = "my-day-waiting-taps";
const cacheName = "my-day-v1";

export interface WaitingTap {
  /** The form's fields, its key among them. */
  fields: Record<string, string>;
}

const changedEvent = "my-day-waiting-changed";

function storedText(): string {
  try {
    return window.localStorage.getItem(storageKey) ?? "[]";
  } catch {
    return "[]";
  }
}

function parsedTaps(text: string): WaitingTap[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as WaitingTap[]) : [];
  } catch {
    return [];
  }
}

function readWaiting(): WaitingTap[] {
  return parsedTaps(storedText());
}

function writeWaiting(taps: readonly WaitingTap[]) {
  try {
    if (taps.length === 0) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, JSON.stringify(taps));
  } catch {
    // Storage switched off: the tap is lost with the page, as without this.
  }
  window.dispatchEvent(new Event(changedEvent));
}

function subscribe(onChange: () => void) {
  window.addEventListener(changedEvent, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(changedEvent, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Registers My day's worker and keeps the page's own scripts and styles for offline use. */
function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/office/day-worker.js", { scope: "/office/day" })
    .then(async () => {
      const assets = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith("/assets/"));
      const cache = await caches.open(cacheName);
      await cache.addAll([...new Set(assets)]);
    })
    .catch(() => {
      // No worker (a private window, an old phone): My day works online as before.
    });
}

/** The taps waiting for a signal, a way to add one, and the sending when the signal is back. */
export function useWaitingTaps() {
  const revalidator = useRevalidator();
  // The server knows of nothing waiting; the phone's storage says, once hydrated.
  const text = useSyncExternalStore(subscribe, storedText, () => "[]");
  const waiting = useMemo(() => parsedTaps(text), [text]);

  const sendWaiting = useCallback(async () => {
    let pending = readWaiting();
    while (pending.length > 0 && navigator.onLine) {
      const [tap, ...rest] = pending;
      try {
        // A redirect is the page's "done"; a refusal (the visit moved on) is not sent again.
        await fetch("/office/day", {
          method: "POST",
          body: new URLSearchParams(tap!.fields),
          redirect: "manual",
          credentials: "same-origin",
        });
      } catch {
        break;
      }
      pending = rest;
      writeWaiting(pending);
    }
    if (pending.length === 0) void revalidator.revalidate();
  }, [revalidator]);

  useEffect(() => {
    keepForOffline();
    if (navigator.onLine) void sendWaiting();
    const online = () => void sendWaiting();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
    // Once per page: sendWaiting changes with the revalidator's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const keep = useCallback((form: HTMLFormElement) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") fields[name] = value;
    }
    writeWaiting([...readWaiting(), { fields }]);
  }, []);

  return { waiting, keep };
}
