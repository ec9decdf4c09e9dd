import { Link } from "react-router";

/** "1 waiting update", "2 waiting updates". */
function waitingUpdates(count: number): string {
  return `${count} waiting ${count === 1 ? "update" : "updates"}`;
}

const noticeStyle = "block rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-950";

/**
 * My day's line about the taps kept on the phone: they wait for a connection, or (the session
 * ended meanwhile) for the technician to sign in again.
 */
export function WaitingTapsNotice({
  count,
  signInNeeded,
}: {
  count: number;
  signInNeeded: boolean;
}) {
  return (
    <p role="status" className="mt-4 empty:hidden">
      {count === 0 ? null : signInNeeded ? (
        <Link to="/office/sign-in" className={`${noticeStyle} underline`}>
          Sign in to send {waitingUpdates(count)}
        </Link>
      ) : (
        <span className={noticeStyle}>
          {count} {count === 1 ? "update" : "updates"} waiting to send (no connection: they go as
          soon as it is back)
        </span>
      )}
    </p>
  );
}

/** The sign-in page's line when taps made on My day wait for the technician's next sign-in. */
export function SignInToSendNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div className="mx-auto w-full max-w-md px-4 pt-8">
      <p role="status" className={noticeStyle}>
        Sign in to send {waitingUpdates(count)}
      </p>
    </div>
  );
}
