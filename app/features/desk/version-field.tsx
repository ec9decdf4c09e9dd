import { useEffect, useRef, useState } from "react";

/**
 * A desk form's hidden `version`: the version of the lead the person started changing. The desk
 * reloads live when anyone changes the lead (the door tells the office's channel), which would
 * quietly move a plain hidden field to the new version under a half-made choice, and the server
 * would take the stale choice as made against the change it never saw. So the field follows the
 * page only until the person types or picks something in its form; from then on it holds that
 * version, and a change made meanwhile is refused as a conflict ("… changed this lead while you
 * had it open"). Sending the form lets go: after it, the field follows the page again.
 * Before and without JavaScript it is the version the page was drawn with.
 */
export function VersionField({ version }: { version: number }) {
  const field = useRef<HTMLInputElement>(null);
  const [held, setHeld] = useState<number | null>(null);
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    // The field's own value is the version the page shows now: the one the person starts from.
    const hold = () => {
      const shown = Number(field.current?.value);
      setHeld((was) => was ?? shown);
    };
    // After the submit's other listeners have read the form's data: React would otherwise draw
    // the released field between this listener and the router's, and send the page's version.
    const letGo = () => {
      setTimeout(() => setHeld(null), 0);
    };
    form.addEventListener("input", hold);
    form.addEventListener("change", hold);
    form.addEventListener("submit", letGo);
    return () => {
      form.removeEventListener("input", hold);
      form.removeEventListener("change", hold);
      form.removeEventListener("submit", letGo);
    };
  }, []);
  return <input ref={field} type="hidden" name="version" value={held ?? version} />;
}
