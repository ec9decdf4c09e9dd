import { useLocation } from "react-router";

import type { RequestPageView } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";
import { useLocale } from "~/lib/use-locale";

/**
 * The homeowner's photos as small squares, each a link to the photo itself. Their addresses sit
 * under the page's own (the link's token is the key), read from where the page is.
 */
export function PhotoThumbnails({ photos }: { photos: RequestPageView["photos"]["items"] }) {
  const { pathname } = useLocation();
  const words = requestPageWords[useLocale()];
  if (photos.length === 0) return null;
  const page = pathname.replace(/\/$/, "");
  return (
    <ul className="flex flex-wrap gap-3" aria-label={words.yourPhotos}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={`${page}/photos/${photo.id}`}
            target="_blank"
            rel="noreferrer"
            className="block rounded-lg focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none"
          >
            <img
              src={`${page}/photos/${photo.id}?size=small`}
              width={96}
              height={96}
              loading="lazy"
              alt={words.photoAlt(index + 1, photos.length)}
              className="size-24 rounded-lg border border-slate-200 bg-slate-100 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
