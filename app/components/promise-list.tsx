import { servicePromisesIn } from "~/content/promises";
import { useLocale } from "~/lib/use-locale";

export function PromiseList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const servicePromises = servicePromisesIn(useLocale());
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {servicePromises.map(({ title, text, icon: Icon }) => (
        <li
          key={title}
          className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <Heading className="font-bold text-slate-900">{title}</Heading>
            <p className="mt-1 text-sm text-slate-700">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
