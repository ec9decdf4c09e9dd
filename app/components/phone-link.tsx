import { Phone } from "lucide-react";

import { Button, type ButtonProps } from "~/components/ui/button";
import { formatPhone } from "~/content/company";
import { useRegion } from "~/lib/use-region";

interface PhoneLinkProps extends Pick<ButtonProps, "variant" | "size" | "className"> {
  /** The button text; the number itself when omitted. */
  children?: React.ReactNode;
}

/** A tel: link to the office of the visitor's region. */
export function PhoneLink({ children, variant = "outline", size, className }: PhoneLinkProps) {
  const { profile } = useRegion();
  const number = formatPhone(profile.phone);
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={`tel:${profile.phoneForCall}`}>
        <Phone aria-hidden="true" />
        {children ?? number}
        {children ? <span className="sr-only"> {number}</span> : null}
      </a>
    </Button>
  );
}
