import { useLocation, type Location } from "react-router";

export interface ModalNavigationState {
  backgroundLocation?: Location;
}

export function backgroundLocationOf(location: Location): Location | undefined {
  const state = location.state as ModalNavigationState | null;
  return state?.backgroundLocation;
}

/**
 * The location of the page the visitor is reading: while a modal route is open over a page,
 * that page's location (kept in navigation state), not the modal's.
 */
export function usePageLocation(): Location {
  const location = useLocation();
  return backgroundLocationOf(location) ?? location;
}

let modalOpen = false;

/** Root marks whether a modal route is on screen; loaders of the page behind it read it. */
export function setModalOpen(open: boolean) {
  modalOpen = open;
}

/** True while a modal is on screen, and so during the navigation that closes it. */
export function isModalOpen(): boolean {
  return modalOpen;
}
