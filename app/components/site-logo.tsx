import { brandName } from "~/content/company";

/** The company mark (a house outline with a wrench, drawn for us) and name. */
export function SiteLogo({ className }: { className?: string }) {
  return (
    <span className={className}>
      {/* The same mark as the favicon: drawn once, cached once. */}
      <img src="/favicon.svg" alt="" width={40} height={40} className="size-10 shrink-0" />
      <span className="leading-tight">
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
