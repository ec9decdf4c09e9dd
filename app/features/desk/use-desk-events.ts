import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * While a desk page is open, news of the person's offices (a new lead, a homeowner's change)
 * reach it as they happen: the server says "lead" on a Server-Sent Events stream and the page
 * reloads its data. Returns how many arrived.
 */
export function useDeskEvents(enabled: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource("/office/events");
    source.addEventListener("lead", () => {
      setArrived((count) => count + 1);
      void revalidate.current();
    });
    return () => source.close();
  }, [enabled]);
  return arrived;
}
