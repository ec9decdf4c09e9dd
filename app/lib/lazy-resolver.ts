import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * A react-hook-form resolver that loads zod and the form's schema on the first validation,
 * so the validation code (the same schema the server parses) stays out of every page's
 * first load.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType>,
): Resolver<Values> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([
      import("@hookform/resolvers/zod"),
      loadSchema(),
    ]);
    // The schema's input type is the form's values; the overloads can't see that through ZodType.
    const resolve = zodResolver(schema as never) as unknown as Resolver<Values>;
    return resolve(values, context, options);
  };
}
