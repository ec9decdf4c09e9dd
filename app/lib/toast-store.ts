import { useSyncExternalStore } from "react";

/** spec section 9: one toast at a time; a dismissed toast is removed after this delay. */
export const toastLimit = 1;
export const toastRemoveDelayMs = 1_000_000;

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /**
   * Drawn in the page, just above the notice a form left there (`PageNotice`), instead of over
   * the page: a booking's success, whose notice nothing may cover. Without a notice on the
   * page it is drawn like any other.
   */
  inPage?: boolean;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastMessage[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function publish(next: ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((toast) => toast.id !== id));
    }, toastRemoveDelayMs),
  );
}

export function dismissToast(id: string) {
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  scheduleRemoval(id);
}

/** Shows a toast; the newest replaces any other (at most one is shown). */
export function toast(message: Omit<ToastMessage, "id" | "open">) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  publish([{ ...message, id, open: true }, ...toasts].slice(0, toastLimit));
  return id;
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => [],
  );
}
