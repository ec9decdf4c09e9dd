import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";

import { isSignedOutAnswer } from "~/domain/signed-out-answer";

/**
 * My day without a signal: the page is kept by a service worker (routes/office.day-worker.ts),
 * and a tap made offline waits on the phone (local storage) until the connection returns, then is
 * sent with the key its form was given, so the server stores it once however often it is sent.
 * The kept page holds names, addresses and phones: it is forgotten as soon as the session ends.
 * The waiting taps are not: they are the technician's work, sent once they sign in again.
 */
const storageKey = "my-day-waiting-taps";
const cacheName = "my-day-v1";
/** Every cache My day has made or will make (the worker uses the same prefix). */
const ourCaches = "my-day-";
const workerScope = "/office/day";

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

/** Takes `sent` off the front of the list, leaving any tap made while it was on its way. */
function removeSent(sent: WaitingTap) {
  const [first, ...rest] = readWaiting();
  if (first && JSON.stringify(first) === JSON.stringify(sent)) writeWaiting(rest);
}

function subscribe(onChange: () => void) {
  window.addEventListener(changedEvent, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(changedEvent, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The waiting taps' last sending met the sign-in page: they wait for the next sign-in. */
let waitingForSignIn = false;

function setWaitingForSignIn(value: boolean) {
  if (waitingForSignIn === value) return;
  waitingForSignIn = value;
  window.dispatchEvent(new Event(changedEvent));
}

/** How many taps wait on this phone (0 on the server: only the phone's storage knows). */
export function useWaitingCount(): number {
  const text = useSyncExternalStore(subscribe, storedText, () => "[]");
  return useMemo(() => parsedTaps(text).length, [text]);
}

/** Registers My day's worker and keeps the page's own scripts and styles for offline use. */
function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/office/day-worker.js", { scope: workerScope })
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

/**
 * Deletes My day's kept copy and unregisters its worker (the page it controls keeps working
 * online). The waiting taps stay.
 */
export async function forgetOfflineDay(): Promise<void> {
  if ("serviceWorker" in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(
      registrations
        .filter((registration) => new URL(registration.scope).pathname.startsWith(workerScope))
        .map((registration) => registration.unregister()),
    );
  }
  if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(ourCaches)).map((name) => caches.delete(name)),
    );
  }
}

/** How a sending ended: every tap sent, the connection gone, or the session ended meanwhile. */
interface Sending {
  sent: number;
  stopped: "offline" | "sign-in" | null;
}

/** One sending at a time in the page: the mount and the "online" event may start it together. */
let sending: Promise<Sending> | null = null;

async function sendInOrder(): Promise<Sending> {
  const sentTaps = new Set<string>();
  for (let tap = readWaiting()[0]; tap; tap = readWaiting()[0]) {
    const sent = sentTaps.size;
    // Still first after it went: the storage refuses to change; stop rather than send forever.
    if (sentTaps.has(JSON.stringify(tap))) return { sent, stopped: null };
    if (!navigator.onLine) return { sent, stopped: "offline" };
    let answer: Response;
    try {
      // Followed, so that the sign-in page (the session ended) tells itself from My day (done).
      answer = await fetch("/office/day", {
        method: "POST",
        body: new URLSearchParams(tap.fields),
        credentials: "same-origin",
      });
    } catch {
      return { sent, stopped: "offline" };
    }
    void answer.body?.cancel();
    // A refusal (the visit moved on) is the server's word on the tap: it is not sent again.
    if (isSignedOutAnswer(answer)) return { sent, stopped: "sign-in" };
    removeSent(tap);
    sentTaps.add(JSON.stringify(tap));
  }
  return { sent: sentTaps.size, stopped: null };
}

/**
 * The taps waiting for a signal, a way to add one, the sending when the signal is back, and
 * whether they wait for the technician to sign in again.
 */
export function useWaitingTaps() {
  const revalidator = useRevalidator();
  const count = useWaitingCount();
  const signInNeeded = useSyncExternalStore(
    subscribe,
    () => waitingForSignIn,
    () => false,
  );

  const sendWaiting = useCallback(async () => {
    sending ??= sendInOrder().finally(() => {
      sending = null;
    });
    const { sent, stopped } = await sending;
    if (stopped !== "offline") setWaitingForSignIn(stopped === "sign-in");
    if (stopped === "sign-in") await forgetOfflineDay().catch(() => undefined);
    // Sent: the page shows them; the session ended: the reload goes to the sign-in page.
    if (sent > 0 || stopped === "sign-in") void revalidator.revalidate();
  }, [revalidator]);

  useEffect(() => {
    // My day drew: whoever is here is signed in (again).
    setWaitingForSignIn(false);
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

  return { count, signInNeeded, keep };
}

/**
 * On a desk page that has nobody signed in (the sign-in page the desk sends a person to when
 * their session ended, or after Sign out), My day's kept copy is forgotten.
 */
export function useForgetOfflineDay(signedOut: boolean) {
  useEffect(() => {
    if (signedOut) void forgetOfflineDay().catch(() => undefined);
  }, [signedOut]);
}
