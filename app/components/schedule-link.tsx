import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";

import { buttonVariants, type ButtonProps } from "~/components/ui/button";
import type { ModalNavigationState } from "~/lib/page-location";
import { usePageLocation } from "~/lib/page-location";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import * as m from "~/components/shell-messages";

export const scheduleModalPath = "/modals/schedule";

interface ScheduleLinkProps extends Pick<ButtonProps, "variant" | "size" | "className"> {
  children?: React.ReactNode;
  onClick?: () => void;
  /** Opens the dialog at step 2 with this appliance chosen (a service page's own). */
  appliance?: string;
}

/** Opens the schedule dialog over the current page (the page is kept as the background). */
export function ScheduleLink({
  children,
  variant = "secondary",
  size,
  className,
  onClick,
  appliance,
}: ScheduleLinkProps) {
  const pageLocation = usePageLocation();
  const { link } = useRegion();
  const locale = useLocale();
  const state: ModalNavigationState = { backgroundLocation: pageLocation };
  return (
    <Link
      to={link(appliance ? `${scheduleModalPath}?appliance=${appliance}` : scheduleModalPath)}
      state={state}
      preventScrollReset
      onClick={onClick}
      data-slot="button"
      className={buttonVariants({ variant, size, className })}
    >
      <CalendarCheck aria-hidden="true" />
      {children ?? m.schedule_service({}, { locale })}
    </Link>
  );
}
