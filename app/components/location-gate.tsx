import { locationMatches, type LocationFilters } from "~/lib/location-filter";
import { useDetectedLocation } from "~/lib/location-store";

/** Shows its children only for a detected location that matches every given filter. */
export function LocationGate({
  children,
  fallback = null,
  ...filters
}: LocationFilters & { children: React.ReactNode; fallback?: React.ReactNode }) {
  const { location } = useDetectedLocation();
  return <>{locationMatches(location, filters) ? children : fallback}</>;
}
