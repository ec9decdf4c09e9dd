import { notFound } from "~/features/desk/desk-route.server";

/** An address under /office that names no desk page: the desk's 404, in the desk's chrome. */
export function loader(): never {
  notFound();
}

// Never drawn (the loader throws): a page route, so the 404 is drawn by the desk's error page.
export default function NotFound() {
  return null;
}
