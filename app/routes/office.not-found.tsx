import { notFound } from "~/features/desk/desk-route.server";

/** An address under /office that names no desk page: the desk's 404, in the desk's chrome. */
export function loader(): never {
  notFound();
}

// Never drawn (the loader throws and the desk layout's error page answers): a page route, so
// the 404 is a page. It draws JSX like every other page: a route module that imported React
// Router alone made Rollup split React Router out of the shared runtime chunk (a file more on
// every page's first load).
export default function NotFound() {
  return <p>Page not found</p>;
}
