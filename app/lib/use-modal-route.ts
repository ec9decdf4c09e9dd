import { useNavigate, useOutletContext } from "react-router";

import type { ModalOutletContext } from "~/root";

import { useRegion } from "./use-region";

/** How a modal route closes: back to the page behind it, or to home when visited directly. */
export function useModalRoute() {
  const { hasBackgroundPage } = useOutletContext<ModalOutletContext>();
  const navigate = useNavigate();
  const { link } = useRegion();
  const close = () => {
    if (hasBackgroundPage) void navigate(-1);
    else void navigate(link("/"), { replace: true, preventScrollReset: true });
  };
  return { hasBackgroundPage, close };
}
