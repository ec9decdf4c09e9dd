import { useLoaderData } from "react-router";
import { useState } from "react";

/**
 * The route's loader data, kept while a modal route is open over the page (the router then
 * holds no data for it), and updated when the page navigates to other data.
 */
export function useStickyLoaderData<Data>(): Data | undefined {
  const data = useLoaderData() as Data | undefined;
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  return data ?? kept;
}
