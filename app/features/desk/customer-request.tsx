import { Link } from "react-router";

import type { CustomerRequest } from "~/domain/customers";
import { leadStatusLabels } from "~/domain/leads";

/** A request with its appliance, the work, the payment and the warranty (its callback, one click). */
export function CustomerRequestItem({ request }: { request: CustomerRequest }) {
  return (
    <li className="[overflow-wrap:anywhere]">
      <Link to={`/office/leads/${request.id}`} className="text-brand-700 underline">
        {request.date}: <bdi>{request.appliance}</bdi>
      </Link>{" "}
      ({leadStatusLabels[request.status]})
      {request.workDone ? (
        <>
          . <bdi>{request.workDone}</bdi>
        </>
      ) : null}
      {request.paid ? `; ${request.paid}` : ""}
      {request.warranty ? `; ${request.warranty}` : ""}
      {request.inWarranty ? (
        <>
          {" "}
          <Link
            to={`/office/leads/${request.id}#warranty-callback`}
            className="font-semibold text-brand-700 underline"
          >
            Book the warranty callback
          </Link>
        </>
      ) : null}
    </li>
  );
}
