import { brandName } from "~/content/company";
import { cn } from "~/lib/utils";

/** The company mark (a house outline with a wrench, drawn for us) and name. */
export function SiteLogo({
  className,
  nameClassName,
}: {
  className?: string;
  /** Classes for the name beside the mark (the header hides it where space is short). */
  nameClassName?: string;
}) {
  return (
    <span className={className}>
      {/* The same mark as the favicon: drawn once, cached once. */}
      <img src="/favicon.svg" alt="" width={40} height={40} className="size-10 shrink-0" />
      <span className={cn("leading-tight", nameClassName)}>
        <span className="block text-base font-extrabold tracking-tight whitespace-nowrap text-slate-900 sm:text-lg">
          {brandName.replace(/ Repair$/, "")}
        </span>
        <span className="block text-xs font-semibold tracking-widest text-brand-700 uppercase">
          {" "}
          Repair
        </span>
      </span>
    </span>
  );
}
