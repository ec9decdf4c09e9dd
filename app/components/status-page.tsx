import { Link } from "react-router";

import { useRegion } from "~/lib/use-region";

export function StatusPage({ title, children }: { title: string; children?: React.ReactNode }) {
  const { link } = useRegion();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start px-6 py-24">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      {children}
      <Link to={link("/")} className="mt-8 font-semibold text-brand-700 underline">
        Back to the home page
      </Link>
    </div>
  );
}
