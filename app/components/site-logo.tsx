import { brandName } from "~/content/company";

/** The company mark: a house outline with a wrench, drawn for us. */
export function SiteLogo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <svg
        viewBox="0 0 40 40"
        width="40"
        height="40"
        aria-hidden="true"
        className="shrink-0"
        focusable="false"
      >
        <rect width="40" height="40" rx="9" fill="#1e40af" />
        <path
          d="M8 19.5 20 9l12 10.5"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M24.6 21.2a4.6 4.6 0 0 1-5.8 5.6l-4.4 4.4a1.7 1.7 0 0 1-2.4-2.4l4.4-4.4a4.6 4.6 0 0 1 5.6-5.8l-2.6 2.6.5 2 2 .5z"
          fill="#fff"
        />
      </svg>
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
