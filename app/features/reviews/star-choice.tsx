import { starsText as englishStarsText } from "~/domain/reviews";

const starPoints =
  "12 1.5 15.1 8.3 22.5 9.1 17 14.1 18.5 21.4 12 17.7 5.5 21.4 7 14.1 1.5 9.1 8.9 8.3";

const ratings = [1, 2, 3, 4, 5] as const;

/**
 * Each star is filled up to the one chosen (and, under the pointer, up to the one pointed at),
 * in CSS alone: the choice shows before JavaScript and without it. A browser without `:has()`
 * still marks the chosen star itself.
 */
const starChoiceCss = [
  ".star-choice polygon { fill: transparent; stroke: #64748b; }",
  ".star-choice input:checked + svg polygon { fill: #f59e0b; stroke: #b45309; }",
  ...ratings.map(
    (stars) =>
      `.star-choice:has(input[value="${stars}"]:checked) label:nth-of-type(-n+${stars}) polygon { fill: #f59e0b; stroke: #b45309; }`,
  ),
  ...ratings.map(
    (stars) =>
      `@media (hover: hover) { .star-choice:has(label:nth-of-type(${stars}):hover) label:nth-of-type(-n+${stars}) polygon { fill: #fcd34d; stroke: #b45309; } }`,
  ),
].join("\n");

/**
 * The rating as a row of five stars: a native radio group (`name`, values 1 to 5, as the form
 * always posted), so the keyboard works as in any radio group (Tab to it, the arrows move and
 * choose) and a screen reader reads each star by its name ("4 stars"). Each radio lies over its
 * star, invisible, so a tap on the star is a tap on the radio; the star shows the focus ring.
 */
export function StarChoice({
  name,
  defaultValue,
  invalid,
  starsText = englishStarsText,
}: {
  name: string;
  defaultValue: string | undefined;
  invalid: boolean;
  /** "4 stars": each star's name, in the page's language. */
  starsText?: (stars: number) => string;
}) {
  return (
    <div className="star-choice flex gap-1">
      <style>{starChoiceCss}</style>
      {ratings.map((stars) => (
        <label
          key={stars}
          className="relative grid size-12 cursor-pointer place-items-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2"
        >
          <input
            type="radio"
            name={name}
            value={stars}
            defaultChecked={defaultValue === String(stars)}
            aria-invalid={invalid ? true : undefined}
            className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
          />
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
            <polygon points={starPoints} strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">{starsText(stars)}</span>
        </label>
      ))}
    </div>
  );
}
