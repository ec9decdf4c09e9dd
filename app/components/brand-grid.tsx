import { BrandLogo } from "~/components/brand-logo";
import { brands } from "~/content/brands";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

export function BrandGrid({ withText = false }: { withText?: boolean }) {
  const locale = useLocale();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {brands.map((brand) => (
        <li
          key={brand.slug}
          className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
        >
          <BrandLogo brand={brand} className="h-12 w-auto" />
          {withText ? (
            <>
              <h2 className="mt-4 font-bold text-slate-900">{brand.name}</h2>
              <p className="mt-1 text-sm text-slate-700">
                {m.brands_brand_text({ brand: brand.name }, { locale })}
              </p>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
