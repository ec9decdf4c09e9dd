/** What every form on a visit's card shares: waiting offline, and showing which one is sending. */
import { useNavigation } from "react-router";

/**
 * Offline, the form waits on the phone instead of failing (./offline.ts); the button pressed
 * (approve or decline) is kept with it.
 */
export function useOfflineSubmit(keepOffline: (form: HTMLFormElement) => void) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    if (navigator.onLine) return;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name) {
      const pressed = document.createElement("input");
      pressed.type = "hidden";
      pressed.name = submitter.name;
      pressed.value = submitter.value;
      form.append(pressed);
    }
    keepOffline(form);
  };
}

/** Whether the card's form for `intent` is being sent now (its button shows it). */
export function useSendingTap(requestId: string): (intent: string) => boolean {
  const navigation = useNavigation();
  return (intent) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("requestId") === requestId;
}
