import { isRouteErrorResponse } from "react-router";

/** The title of a desk page that could not be drawn: "Page not found", and so on. */
export function deskErrorTitle(error: unknown) {
  if (!isRouteErrorResponse(error)) return "Something went wrong";
  if (error.status === 404) return "Page not found";
  if (error.status === 400) return "This address could not be read";
  return "Something went wrong";
}

/**
 * A desk error (a 404, a page number that is not one, a failure) in the desk's chrome: the
 * desk's header with its sections when the person is known (`header`), else the desk's name.
 * (The root's boundary draws it too, loaded when needed: it leaves the header to its caller.)
 */
export default function DeskErrorPage({
  error,
  header,
}: {
  error: unknown;
  header?: React.ReactNode;
}) {
  const title = deskErrorTitle(error);
  // The server logged it already (entry.server.tsx, one line); the browser's console shows it.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      {/* React puts these in the head: a middleware's error has no route meta to give them. */}
      <title>{`${title} | Office desk`}</title>
      <meta name="robots" content="noindex, nofollow" />
      {header ?? (
        <header className="border-b border-slate-200 pb-4">
          <p className="text-sm font-semibold text-brand-700">Office desk</p>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </header>
      )}
      <p className="mt-6 text-slate-700">
        {isRouteErrorResponse(error) && error.status === 404
          ? "This page does not exist, or it is not one of yours."
          : "Please go back and try again."}
      </p>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/office">
          Back to the desk
        </a>
      </p>
    </div>
  );
}
